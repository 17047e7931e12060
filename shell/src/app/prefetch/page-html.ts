import type { RemoteModuleId } from '@institute/shared/contract';

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
  // A fetch that throws at once (no fetch at all) fails like any failed request, never into the press's handler.
  const response = new Promise<Response>((resolve) => {
    resolve(fetch(url.href, { credentials: 'same-origin', priority: 'high', headers: { Accept: 'text/html' } }));
  });
  const text = response.then((r) => (usable(r) ? r.text() : null));
  Promise.all([text, loadReader()])
    .then(([html, reader]) => {
      if (html === null || !reader.takePageHtml(html, { id, url: target, from })) withoutIt();
    })
    .catch(withoutIt);
}
