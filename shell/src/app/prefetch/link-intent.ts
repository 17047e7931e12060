/** A pointer resting this long on a link means intent; one passing over it on its way elsewhere does not. */
export const HOVER_DELAY_MS = 65;

/** The in-site link an event happened on, if any: same tab, not a download. */
export function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  return link;
}

/**
 * How sure the intent is: `press`, the primary button or a finger going down on the link with no key that opens it
 * elsewhere (a click in this tab follows by the press's length); `near`, a resting pointer, keyboard focus, another
 * button or a modified press.
 */
export type LinkIntent = 'press' | 'near';

/** A press that follows the link in this tab: the main button, no modifier that opens it in another tab or window. */
const followsHere = (event: PointerEvent) => !event.button && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

/**
 * Calls `onIntent` with a link's href when it is likely to be followed: a mouse resting on it, a finger or pen
 * touching it (pointerdown and touchstart come before the click by the press's length), keyboard focus on it.
 * One listener per kind on the document, so every link of every module counts, present and future.
 */
export function watchLinkIntent(onIntent: (href: string, intent: LinkIntent) => void, doc: Document = document): () => void {
  let hover: { link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;
  const cancelHover = () => {
    if (hover) clearTimeout(hover.timer);
    hover = null;
  };
  const now = (event: Event) => {
    const link = linkOf(event.target);
    if (link) onIntent(link.href, event.type === 'pointerdown' && followsHere(event as PointerEvent) ? 'press' : 'near');
  };
  const over = (event: PointerEvent) => {
    const link = linkOf(event.target);
    if (!link || hover?.link === link) return;
    cancelHover();
    if (event.pointerType !== 'mouse') return;
    hover = { link, timer: setTimeout(() => { hover = null; onIntent(link.href, 'near'); }, HOVER_DELAY_MS) };
  };
  const out = (event: PointerEvent) => {
    if (hover && !hover.link.contains(event.relatedTarget as Node | null)) cancelHover();
  };
  const listeners: [string, EventListener][] = [
    ['pointerover', over as EventListener],
    ['pointerout', out as EventListener],
    ['pointerdown', now],
    ['touchstart', now],
    ['focusin', now],
  ];
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, { passive: true, capture: true });
  return () => {
    cancelHover();
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener, { capture: true });
  };
}
