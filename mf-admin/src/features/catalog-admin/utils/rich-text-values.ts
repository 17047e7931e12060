/** Mapping between what the API stores and what the rich-text editor reads and writes (HTML). */
import escapeHtml from 'escape-html';

/** A tag such as <p>, </li> or <br/>; a lone "<" in prose ("a < b") is not markup. */
const MARKUP = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

export const isMarkup = (text: string): boolean => MARKUP.test(text);

/**
 * Content arrives as an array of items (plain text or markup). Editing needs one string, and a list keeps
 * each item an item, so the public pages (which read <li>s) show the same items after a save.
 */
export function joinContent(items: readonly string[]): string {
  const kept = items.filter((item) => item.trim() !== '');
  if (kept.length === 0) return '';
  const lis = kept.map((item) => {
    const text = item.trim();
    // An item already wrapped as a list item must not become a list item inside a list item.
    if (/^<li[\s>][\s\S]*<\/li>$/i.test(text)) return text;
    return `<li>${isMarkup(text) ? text : escapeHtml(text)}</li>`;
  });
  return `<ul>${lis.join('')}</ul>`;
}

/**
 * Older records hold plain text with line breaks; HTML would collapse those, so each line becomes a
 * paragraph. Markup passes through: the editor's schema drops whatever it does not know (e.g. scripts).
 */
export function toEditorHtml(value: string): string {
  if (value.trim() === '' || isMarkup(value)) return value;
  return value
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/**
 * The editor's HTML as stored. An emptied editor still holds an empty paragraph, and one is kept after a
 * trailing list so the caret can leave it; neither is content, so neither is saved.
 */
export function fromEditorHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html.replace(/(?:<p><\/p>)+$/, '');
}
