import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const GLOBAL_RULES = /:root|(^|\})\s*(html|body|\*)\s*[,{]/;
const CLASS_NAMES = /\.((?:shell|shared)_[\w-]+)/g;

/** A stylesheet's text as it may stand inside a <style> element: no source map comment, nothing closing it. */
export const inlineCss = (css: string): string => css.replace(/\/\*# sourceMappingURL=.*?\*\//g, '').replace(/<\/style/gi, '<\\/style');

/**
 * The shell's stylesheets (file name, text) that some markup uses: one of their module-prefixed class names is in
 * it, or they hold the global tokens.
 */
export function shellStylesheetsUsedBy(shellFolder: string, markup: string): { file: string; css: string }[] {
  return readdirSync(shellFolder).filter((f) => f.endsWith('.css')).sort()
    .map((file) => ({ file, css: inlineCss(readFileSync(path.join(shellFolder, file), 'utf8')) }))
    .filter(({ css }) => GLOBAL_RULES.test(css) || [...css.matchAll(CLASS_NAMES)].some(([, name]) => markup.includes(name!)));
}

/**
 * The shell's stylesheets this page's markup uses, inlined: the page paints with no stylesheet request. Each
 * inlined sheet carries its URL in data-href, so the chunk loader does not fetch it again; the others arrive with
 * the chunks that need them.
 */
export function inlineShellStyles(shellFolder: string, publicPath: string, markup: string): string {
  const byContent = new Map<string, string[]>();
  for (const { file, css } of shellStylesheetsUsedBy(shellFolder, markup)) byContent.set(css, [...(byContent.get(css) ?? []), file]);
  const tags: string[] = [];
  for (const [css, files] of byContent) {
    // The same sheet emitted for several chunks: its text once, every URL marked as present.
    files.forEach((file, i) => tags.push(`<style data-href="${publicPath}${file}">${i === 0 ? css : ''}</style>`));
  }
  return tags.join('');
}
