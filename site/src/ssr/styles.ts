import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deployedFile, INDEX_FILE, liveShellVersion, type Registry } from '../deploy-folder';
import { sha384 } from '../html';
import { attributeOf, findElements, parseDocument } from '../pages/parse';
import { inlineCss, shellStylesheetsUsedBy } from '../pages/shell-styles';
import type { ServerBuild } from './server-build';

/** A stylesheet to inline in a server-rendered page: `dataHref` is what its chunk loader looks for. */
export interface InlineStyle { url: string; dataHref: string; css: string }

/**
 * The integrity values a verified entry file carries (its chunks' and stylesheets' sha384, decision 017), or an
 * empty set when the file is not the one `expected` names.
 */
function hashesVouchedBy(file: string | null, expected: string | null | undefined): Set<string> {
  if (!expected || !file) return new Set();
  const text = readFileSync(file);
  if (sha384(text) !== expected) return new Set();
  return new Set(text.toString('utf8').match(/sha384-[A-Za-z0-9+/]{64}/g) ?? []);
}

/** The shell's entry script in index.html and the integrity the page loads it with. */
function shellMain(root: string): { src: string; integrity: string } | null {
  const doc = parseDocument(readFileSync(path.join(root, INDEX_FILE), 'utf8'));
  const [main] = findElements(doc, (el) => el.tagName === 'script' && /^\/shell\/[^/]+\/main\.[^/]+\.js$/.test(attributeOf(el, 'src') ?? ''));
  const integrity = main && attributeOf(main, 'integrity');
  return main && integrity ? { src: attributeOf(main, 'src')!, integrity } : null;
}

/** A stylesheet to inline, when its entry vouches for it: read from the deploy folder at request time. */
function vouchedStyle(root: string, warnOnce: (key: string, message: string) => void, url: string, dataHref: string, vouched: Set<string>): InlineStyle | null {
  const file = deployedFile(root, url);
  if (!file) return null;
  const bytes = readFileSync(file);
  if (!vouched.has(sha384(bytes))) {
    warnOnce(`${file}:css`, `${url} is not a stylesheet its module's entry vouches for; not inlined`);
    return null;
  }
  return { url, dataHref, css: inlineCss(bytes.toString('utf8')) };
}

/**
 * The live shell's stylesheets that style some rendered markup, each vouched for by the shell's verified `main.js`.
 * The shell's sheets already in the page (the prerender inlined them) are skipped when the page is put together.
 */
export function shellStylesheets(root: string, warnOnce: (key: string, message: string) => void) {
  return function shellStylesFor(html: string): InlineStyle[] {
    const version = liveShellVersion(root);
    if (!version) return [];
    const main = shellMain(root);
    const shellVouched = main ? hashesVouchedBy(deployedFile(root, main.src), main.integrity) : new Set<string>();
    return shellStylesheetsUsedBy(path.join(root, 'shell', version), html)
      .map(({ file }) => vouchedStyle(root, warnOnce, `/shell/${version}/${file}`, `/shell/${version}/${file}`, shellVouched))
      .filter((s): s is InlineStyle => Boolean(s));
  };
}

export function stylesheets(root: string, warnOnce: (key: string, message: string) => void) {
  const shellStylesFor = shellStylesheets(root, warnOnce);

  /**
   * The stylesheets the rendered markup needs at first paint, to be inlined: the remote's for this page, and the
   * shell's that style the shared components it uses. A remote's chunk loader compares the bare file name, the
   * shell's its site path.
   */
  return function stylesFor(build: ServerBuild, expose: string, html: string, registry: Registry): InlineStyle[] {
    const styles: (InlineStyle | null)[] = [];
    const entry = build.manifest?.metaData?.remoteEntry;
    const entryUrl = `${build.folderUrl}/${entry?.path ? `${entry.path}/` : ''}${entry?.name ?? 'remoteEntry.js'}`;
    const remoteVouched = hashesVouchedBy(deployedFile(root, entryUrl), registry.integrity?.[entryUrl]);
    const assets = build.manifest?.exposes?.find((e) => e.name === expose)?.assets;
    for (const file of assets?.css?.sync ?? []) styles.push(vouchedStyle(root, warnOnce, `${build.folderUrl}/${file}`, file, remoteVouched));
    return [...styles.filter((s): s is InlineStyle => Boolean(s)), ...shellStylesFor(html)];
  };
}
