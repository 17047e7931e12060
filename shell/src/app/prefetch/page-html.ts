import type { RemoteModuleId } from '@institute/shared/contract';
import type { OfferPreview } from './read-page-html';

/** Reading the HTML needs the page's query client, so the reader travels in its chunk, which the press starts too. */
const loadReader = () => import(/* webpackChunkName: "queries" */ './read-page-html');

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * A response that is the page as anyone sees it: an HTML page a shared cache could keep. One person's page
 * (`private, no-store`: an invoice, a certificate) or a developer's page rendered in the browser is not used.
 */
function usable(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return response.ok && (response.headers.get('content-type') ?? '').includes('text/html') && !/no-store|private/i.test(cacheControl);
}

/**
 * At a press on a link to a server-rendered remote page whose code is not here yet (docs/decisions/064): the page's
 * HTML, as a first load gets it, in one same-origin request at high priority beside the code. Its slot's markup and
 * stylesheets are shown while the code comes and its query state fills the page's cache, so the page needs no data
 * request of its own. `withoutIt` runs when the HTML cannot stand in (a failed request, one person's page, the
 * server's fallback page without the slot's markup): the page's data is then requested as it would have been.
 */
export function fetchPageHtml(url: URL, id: RemoteModuleId, withoutIt: () => void): void {
  const from = here();
  const target = `${url.pathname}${url.search}`;
  const text = requestPageHtml(url, 'high');
  Promise.all([text, loadReader()])
    .then(([html, reader]) => {
      if (html === null || !reader.takePageHtml(html, { id, url: target, from })) withoutIt();
    })
    .catch(withoutIt);
}

/** The page's HTML if usable, else null; a fetch that throws at once fails like any failed request, never upwards. */
function requestPageHtml(url: URL, priority: RequestPriority): Promise<string | null> {
  const response = new Promise<Response>((resolve) => {
    resolve(fetch(url.href, { credentials: 'same-origin', priority, headers: { Accept: 'text/html' } }));
  });
  return response.then((r) => (usable(r) ? r.text() : null));
}

/** Pages whose HTML was read ahead, by path and query: what a press on a link to them shows at once. */
const readAhead = new Map<string, { offer: OfferPreview; at: number }>();
/**
 * Older than this, a page read ahead is not shown: its code's render replaces it within a second anyway, but a
 * visitor who stayed long on a page should not see a list as it was then.
 */
const READ_AHEAD_FOR_MS = 5 * 60_000;

/**
 * For a link in view on an idle page (docs/decisions/040, 064): the page's HTML instead of its data, at low
 * priority. Its query state fills the page's cache as the data request would; its slot's markup is kept, so a press
 * shows the page in the first frame after the click while the module, fetched but not run, starts from the cache.
 * `withoutIt` (the page's query) runs when the HTML cannot stand in.
 */
export function fetchPageHtmlAhead(url: URL, id: RemoteModuleId, withoutIt: () => void): void {
  const key = `${url.pathname}${url.search}`;
  Promise.all([requestPageHtml(url, 'low'), loadReader()])
    .then(([html, reader]) => {
      const offer = html === null ? null : reader.readPageHtml(html, id);
      if (offer) readAhead.set(key, { offer, at: Date.now() });
      else withoutIt();
    })
    .catch(withoutIt);
}

/**
 * At a press on a link whose page was read ahead: offers its slot's markup (once; a later press reads it again
 * through the page's own prefetch). False when nothing was read ahead for it, or not yet.
 */
export function offerPageReadAhead(url: URL): boolean {
  const key = `${url.pathname}${url.search}`;
  const read = readAhead.get(key);
  readAhead.delete(key);
  if (!read || Date.now() - read.at > READ_AHEAD_FOR_MS) return false;
  read.offer({ url: key, from: here() });
  return true;
}

/** Forgets what was read ahead (tests). */
export function resetReadAhead(): void {
  readAhead.clear();
}
