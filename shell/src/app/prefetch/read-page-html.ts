import type { RemoteModuleId } from '@institute/shared/contract';
import { loadedRemoteComponent, showPagePreview } from '@institute/shared/federation';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { getPageClient } from '../../lib/queries/page-client';

/** What the site server adds to a page it rendered a remote page into (decision 018, site/src/ssr/inject.ts). */
interface ServerState {
  slots?: string[];
  queries?: DehydratedState;
}

function serverState(doc: Document): ServerState | null {
  try {
    return JSON.parse(doc.getElementById('ssr-state')?.textContent ?? 'null') as ServerState | null;
  } catch {
    return null;
  }
}

/** A server page's inline stylesheets: the URL its chunk loader knows it by, and its text. */
interface InlineSheet { href: string; css: string }

const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const attribute = (attrs: string, name: string) => (new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1] ?? '')
  .replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The page's inline stylesheets, taken out of its text before it is parsed: a `<style>` parsed even into a
 * DOMParser's inert document is checked against this page's CSP in Chromium and refused (a violation report each),
 * since its hash is allowed only in the response that carried it.
 */
function takeStyles(text: string): { sheets: InlineSheet[]; rest: string } {
  const sheets: InlineSheet[] = [];
  const rest = text.replace(STYLE, (_match, attrs: string, css: string) => {
    sheets.push({ href: attribute(attrs, 'data-href'), css });
    return '';
  });
  return { sheets, rest };
}

/**
 * Of those, the ones this document does not have: the expose's own (its chunk loader's `data-href` is the bare file
 * name) and the shell's for shared components the page uses (a site path).
 */
function missingStyles(sheets: InlineSheet[]): string[] {
  const have = new Set<string>();
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) have.add(style.dataset.href ?? '');
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')) {
    const { pathname } = new URL(link.href, window.location.href);
    have.add(pathname).add(pathname.slice(pathname.lastIndexOf('/') + 1));
  }
  return sheets.filter((sheet) => sheet.href && !have.has(sheet.href)).map((sheet) => sheet.css);
}

const here = () => `${window.location.pathname}${window.location.search}`;

/** Shows a page's server HTML in its slot, if still wanted then (see takePageHtml). */
export type OfferPreview = (target: { url: string; from: string }) => void;

/**
 * Reads a remote page's server HTML (docs/decisions/064): its query state into the page's cache, and what its slot
 * can show while the module comes, to offer now (a press) or later (fetched ahead for a link in view). Null when the
 * HTML has no server render of that page (the server's fallback after a failed or slow render): nothing of it is used.
 */
export function readPageHtml(text: string, id: RemoteModuleId): OfferPreview | null {
  const { sheets, rest } = takeStyles(text);
  const doc = new DOMParser().parseFromString(rest, 'text/html');
  const state = serverState(doc);
  const slot = [...doc.querySelectorAll<HTMLElement>('#root [data-remote-slot]')].find((el) => el.dataset.remoteSlot === id);
  if (!state?.slots?.includes(id) || !slot) return null;
  if (state.queries) hydrate(getPageClient(), state.queries);
  const html = slot.innerHTML;
  const title = doc.title || undefined;
  return ({ url, from }) => {
    // The module came first: its page is rendering from the same data. Or the visitor left for another page.
    if (loadedRemoteComponent(id) !== null || (here() !== url && here() !== from)) return;
    // The stylesheets this document lacks now, not when the HTML arrived: the page's own may have come meanwhile.
    showPagePreview({ id, url, html, styles: missingStyles(sheets), title });
  };
}

/**
 * Takes a remote page's server HTML fetched at a press: its query state into the page's cache, and, unless the
 * module has arrived first or the visitor has gone elsewhere meanwhile, the slot's markup with its stylesheets and
 * title offered to the slot as its placeholder. Answers false when the HTML has no server render of that page.
 */
export function takePageHtml(text: string, target: { id: RemoteModuleId; url: string; from: string }): boolean {
  const offer = readPageHtml(text, target.id);
  offer?.(target);
  return offer !== null;
}
