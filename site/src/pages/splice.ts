import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { findElements, type Element } from './parse';

/** A part of a document to replace: [start, end) in the source text, as the parser located it. */
export interface Edit { start: number; end: number; text: string }

/**
 * The document's source with the edits applied (they may not overlap), from the end backwards so that each edit's
 * offsets still hold; at one offset a removal goes before an insertion, which would otherwise be removed with it.
 */
export function applyEdits(html: string, edits: Edit[]): string {
  let out = html;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}

type Located = Element & { sourceCodeLocation: NonNullable<Element['sourceCodeLocation']> };

/**
 * The elements of an HTML text for which `test` holds, with their places in the text, so a page can be edited
 * where the parser found its elements and is otherwise left byte for byte as it was (its inline styles' CSP
 * hashes, its hydration markup).
 */
export function locate(html: string, test: (el: Element) => boolean, { fragment = false } = {}): Located[] {
  const root: DefaultTreeAdapterMap['parentNode'] = fragment
    ? parseFragment(html, { sourceCodeLocationInfo: true })
    : parse(html, { sourceCodeLocationInfo: true });
  return findElements(root, test).filter((el): el is Located => Boolean(el.sourceCodeLocation));
}

/** Where an element's content starts and ends (between its start and end tags), or null for a void or unclosed one. */
export function contentRange(el: Located): { start: number; end: number } | null {
  const { startTag, endTag } = el.sourceCodeLocation;
  return startTag && endTag ? { start: startTag.endOffset, end: endTag.startOffset } : null;
}
