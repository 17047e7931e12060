import { attributeOf } from './parse';
import { applyEdits, contentRange, locate } from './splice';

export const SLOT_START = '<!--ssr-slot-->';
export const SLOT_END = '<!--/ssr-slot-->';

/**
 * Marks the inside of a remote page's slot (`<div data-remote-slot="id">`), where the site server puts the page
 * the remote renders on the server (decision 018). Hydration skips the comments.
 */
export function markRemoteSlot(markup: string, id: string): string {
  const [slot] = locate(markup, (el) => attributeOf(el, 'data-remote-slot') === id, { fragment: true });
  const range = slot && contentRange(slot);
  if (!range) return markup;
  return applyEdits(markup, [{ start: range.start, end: range.start, text: SLOT_START }, { start: range.end, end: range.end, text: SLOT_END }]);
}
