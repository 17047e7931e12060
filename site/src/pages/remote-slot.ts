import { escapeHtml } from '../html';
import { attributeOf } from './parse';
import { applyEdits, contentRange, locate } from './splice';

export const SLOT_START = '<!--ssr-slot-->';
export const SLOT_END = '<!--/ssr-slot-->';

const SLOT_ATTRIBUTE = 'data-remote-slot';

/**
 * Marks the inside of a remote page's slot (`<div data-remote-slot="id">`), where the site server puts the page
 * the remote renders on the server (decision 018). Hydration skips the comments.
 */
export function markRemoteSlot(markup: string, id: string): string {
  const [slot] = locate(markup, (el) => attributeOf(el, SLOT_ATTRIBUTE) === id, { fragment: true });
  const range = slot && contentRange(slot);
  if (!range) return markup;
  return applyEdits(markup, [{ start: range.start, end: range.start, text: SLOT_START }, { start: range.end, end: range.end, text: SLOT_END }]);
}

/**
 * The remote slots a prerendered page holds, in document order: its route's page and the sections a shell page
 * renders on the server as well (the home page's Popular Courses, decision 060).
 */
export function remoteSlotIds(markup: string): string[] {
  return [...new Set(locate(markup, (el) => attributeOf(el, SLOT_ATTRIBUTE) !== null, { fragment: true })
    .map((el) => attributeOf(el, SLOT_ATTRIBUTE)!))];
}

/**
 * Where the marked inside of slot `id` starts and ends in a page (the markers included), or null. Found by text: the
 * prerendered page is the site's own output, and its slots' ids are plain names (`mf_catalog/PopularCourses`).
 */
export function slotRange(page: string, id: string): { start: number; end: number } | null {
  const open = page.indexOf(`${SLOT_ATTRIBUTE}="${escapeHtml(id)}"`);
  if (open < 0) return null;
  const start = page.indexOf(SLOT_START, open);
  const end = page.indexOf(SLOT_END, start);
  // The marker opens the slot's content, right after its start tag; a slot without one was not marked.
  if (start < 0 || end < 0 || page.indexOf('>', open) + 1 !== start) return null;
  return { start, end: end + SLOT_END.length };
}
