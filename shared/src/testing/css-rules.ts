/**
 * Reads a stylesheet's rules and the design tokens, for tests that check numbers written elsewhere (an image's
 * `sizes`) against the CSS that lays the image out: a changed padding, gap or column count fails them. Flat
 * stylesheets only (rules, and rules inside `@media`), as the site's CSS modules are. Tests only.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Declarations = Record<string, string>;

export interface Stylesheet {
  /** The declarations of `selector` (exactly as written), inside `@media <media>` when given; {} when absent. */
  rule(selector: string, media?: string): Declarations;
  /** Every rule of `selector`: the one outside any media query ('') and those inside one, in the file's order. */
  rules(selector: string): { media: string; declarations: Declarations }[];
}

const TOKENS = path.join(__dirname, '../ui/tokens.css');

function declarations(body: string): Declarations {
  const result: Declarations = {};
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) result[part.slice(0, colon).trim()] = part.slice(colon + 1).trim().replace(/\s+/g, ' ');
  }
  return result;
}

/** Every `selector { ... }` of `text`, keyed by the media query around it ('' for none), declarations merged in order. */
function parse(text: string): Map<string, Declarations> {
  const rules = new Map<string, Declarations>();
  const add = (media: string, selectors: string, body: string) => {
    for (const selector of selectors.split(',').map((s) => s.trim().replace(/\s+/g, ' '))) {
      const key = `${media}|${selector}`;
      rules.set(key, { ...rules.get(key), ...declarations(body) });
    }
  };
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '');
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open < 0) break;
    const head = source.slice(i, open).trim();
    if (head.startsWith('@media')) {
      const media = head.slice('@media'.length).trim();
      let depth = 1;
      let j = open + 1;
      for (; depth > 0 && j < source.length; j += 1) {
        if (source[j] === '{') depth += 1;
        else if (source[j] === '}') depth -= 1;
      }
      const inner = source.slice(open + 1, j - 1);
      for (const match of inner.matchAll(/([^{}]+)\{([^{}]*)\}/g)) add(media, match[1]!, match[2]!);
      i = j;
    } else {
      const close = source.indexOf('}', open);
      add('', head, source.slice(open + 1, close));
      i = close + 1;
    }
  }
  return rules;
}

export function readStylesheet(file: string): Stylesheet {
  const rules = parse(fs.readFileSync(file, 'utf8'));
  return {
    rule: (selector, media = '') => rules.get(`${media}|${selector}`) ?? {},
    rules: (selector) => [...rules].filter(([key]) => key.endsWith(`|${selector}`))
      .map(([key, declarations]) => ({ media: key.slice(0, key.length - selector.length - 1), declarations })),
  };
}

let tokens: Declarations | undefined;

/** A length in rem: `1.5rem`, `0`, or a design token (`var(--space-4)`) resolved from tokens.css. */
export function remOf(value: string): number {
  tokens ??= readStylesheet(TOKENS).rule(':root');
  const token = /^var\((--[\w-]+)\)$/.exec(value.trim());
  const resolved = token ? tokens[token[1]!] : value.trim();
  if (resolved === undefined) throw new Error(`no design token ${value}`);
  if (resolved === '0') return 0;
  const match = /^(\d+(?:\.\d+)?)rem$/.exec(resolved);
  if (!match) throw new Error(`not a length in rem: ${value} (${resolved})`);
  return Number(match[1]);
}

/** The horizontal padding of a `padding` shorthand (its second value, or its only one), in rem. */
export function inlinePaddingOf(padding: string | undefined): number {
  if (!padding) return 0;
  const values = padding.split(' ');
  return remOf(values[1] ?? values[0]!);
}

/**
 * The content box of boxes nested in the viewport, outermost first, each as its rule declares it (border-box, as
 * tokens.css sets): its `max-width` (or a `width: min(100%, <length>)`) and its horizontal `padding`. `inset` is
 * what the paddings take from the viewport's width, `maxWidth` the widest the innermost content gets.
 */
export function contentBoxOf(...boxes: Declarations[]): { inset: number; maxWidth: number } {
  let inset = 0;
  let maxWidth = Infinity;
  for (const box of boxes) {
    const capped = box['max-width'] ?? /^min\(100%, ([^)]+)\)$/.exec(box.width ?? '')?.[1];
    if (capped) maxWidth = Math.min(maxWidth, remOf(capped));
    const padding = inlinePaddingOf(box.padding);
    inset += 2 * padding;
    maxWidth -= 2 * padding;
  }
  return { inset, maxWidth };
}

/** The viewport width of `@media (min-width: <n>rem)`, 0 for a rule outside any media query. */
export function minWidthOf(media: string): number {
  if (media === '') return 0;
  const match = /^\(min-width: (\d+(?:\.\d+)?)rem\)$/.exec(media);
  if (!match) throw new Error(`not a min-width query in rem: ${media}`);
  return Number(match[1]);
}
