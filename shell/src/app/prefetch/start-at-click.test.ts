import { getConfig } from '@institute/shared/config';
import { loadedRemoteComponent, loadRemoteComponent } from '@institute/shared/federation';
import { fireEvent } from '@testing-library/react';
import { setEntryIntegrity } from '../../federation/entry-integrity';
import { takeManifest } from '../../federation/manifest-handoff';
import manifestHandoffPlugin from '../../federation/manifest-handoff-plugin';
import { watchLinkIntent } from './link-intent';
import { resetManifests } from './fetch-remote-files';
import { prefetchRouteQuery } from './prefetch-query';
import { prefetchRoute, resetPrefetched } from './prefetch-route';
import { readPageHtml, takePageHtml } from './read-page-html';

jest.mock('@institute/shared/federation', () => ({
  loadRemoteComponent: jest.fn(() => new Promise(() => undefined)),
  loadedRemoteComponent: jest.fn(() => null),
}));
jest.mock('../../lib/queries/with-queries', () => ({ loadQueryProvider: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('../../federation/load-remote', () => ({
  remoteManifestUrl: (name: string) => `http://localhost/modules/${name}/1.0.0/mf-manifest.json`,
}));
jest.mock('./prefetch-query', () => ({ prefetchRouteQuery: jest.fn(() => Promise.resolve()) }));
jest.mock('./read-page-html', () => ({ takePageHtml: jest.fn(() => true), readPageHtml: jest.fn() }));

const loadModule = jest.mocked(loadRemoteComponent);
const MANIFEST_URL = 'http://localhost/modules/mf_catalog/1.0.0/mf-manifest.json';
const ENTRY_URL = 'http://localhost/modules/mf_catalog/1.0.0/remoteEntry.js';
const ENTRY_SRI = 'sha384-catalogEntryHash';

const CATALOG_MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'CoursesPage', path: './CoursesPage', assets: { js: { sync: ['courses.1a2b.js'] }, css: { sync: ['courses.3c4d.css'] } } },
  ],
};

/** A manifest request that stays open until the test answers it: what starts before the manifest is in shows. */
function heldManifest() {
  let answer: () => void = () => undefined;
  const fetchMock = jest.fn((_url: string, _init?: RequestInit) => new Promise((resolve) => {
    answer = () => resolve({ ok: true, status: 200, json: () => Promise.resolve(CATALOG_MANIFEST) });
  }));
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
  return { fetchMock, answer: () => answer() };
}

const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)]
  .map((l) => ({ href: l.href, as: l.getAttribute('as'), integrity: l.getAttribute('integrity'), crossOrigin: l.crossOrigin }));
const settle = async () => { for (let i = 0; i < 8; i++) await Promise.resolve(); };

let stop: () => void = () => undefined;
beforeEach(() => {
  jest.clearAllMocks();
  resetPrefetched();
  resetManifests();
  setEntryIntegrity(new Map([[ENTRY_URL, ENTRY_SRI], ['http://localhost/modules/mf_catalog/1.0.0/ssr/prerender.cjs', 'sha384-server']]));
  document.body.innerHTML = '<nav><a href="/courses">Courses</a><a href="/courses?category=health">Health</a><a href="/courses/42">One course</a></nav>';
});
afterEach(() => {
  stop();
  document.head.innerHTML = '';
  setEntryIntegrity(null);
  takeManifest(MANIFEST_URL);
  Reflect.deleteProperty(window, 'fetch');
  Reflect.deleteProperty(window, 'mf_catalog');
});

const link = (name: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === name)!;
const api = () => getConfig().apiBaseUrl.replace(/\/$/, '');

test('a press on a link starts the data, the manifest, the entry and the module load at once, then the expose\'s files as soon as the manifest is in', async () => {
  const { fetchMock, answer } = heldManifest();
  stop = watchLinkIntent((href) => { prefetchRoute(href); });
  fireEvent.pointerDown(link('Courses'));

  // In the press's own tick, before any answer: nothing waits on anything else.
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([MANIFEST_URL]);
  expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
  expect(links('preload')).toEqual([
    { href: `${api()}/api/courses?fields=card&limit=24`, as: 'fetch', integrity: null, crossOrigin: 'anonymous' },
    // The entry, with the integrity the registry vouches for: the runtime's <script> takes this response.
    { href: ENTRY_URL, as: 'script', integrity: ENTRY_SRI, crossOrigin: 'anonymous' },
  ]);
  expect(links('prefetch')).toEqual([]);

  answer();
  await settle();
  // The chunk and stylesheet named by the manifest, fetched while the entry is still on its way; the entry not twice.
  expect(links('prefetch').map((l) => [l.href, l.crossOrigin])).toEqual([
    ['http://localhost/modules/mf_catalog/1.0.0/courses.1a2b.js', 'anonymous'],
    ['http://localhost/modules/mf_catalog/1.0.0/courses.3c4d.css', 'anonymous'],
  ]);
});

test('the runtime takes the shell\'s manifest read once instead of requesting it again; a retry goes to the network', async () => {
  const { fetchMock, answer } = heldManifest();
  prefetchRoute('/courses');
  const plugin = manifestHandoffPlugin();
  const fetchHook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response> | undefined;
  const handed = fetchHook(MANIFEST_URL, {});
  expect(handed).toBeInstanceOf(Promise);
  answer();
  await expect(handed!.then((response) => response.json())).resolves.toEqual(CATALOG_MANIFEST);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  // Handed over once: the runtime's next request for it (after a failure) is its own.
  expect(fetchHook(MANIFEST_URL, {})).toBeUndefined();
});

test('a failed manifest read is not handed over: the runtime fetches the manifest itself', async () => {
  const fetchMock = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve({ ok: false, status: 503, json: () => Promise.resolve({}) }));
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
  prefetchRoute('/courses');
  const handed = (manifestHandoffPlugin().fetch as (url: string, init: RequestInit) => Promise<unknown> | undefined)(MANIFEST_URL, {});
  // No answer: the runtime then makes its own request (its fallback when no plugin returns a Response).
  await expect(handed).resolves.toBeUndefined();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('a link with a query string leaves its data to the page\'s query; a route parameter fills the data path', () => {
  heldManifest();
  prefetchRoute(link('Health').href);
  expect(links('preload').map((l) => l.as)).toEqual(['script']);
  document.head.innerHTML = '';
  resetPrefetched();
  prefetchRoute(link('One course').href);
  expect(links('preload').filter((l) => l.as === 'fetch').map((l) => l.href)).toEqual([`${api()}/api/courses/42`]);
});

test('a remote already running in the page asks for no manifest and no entry; its module still loads', () => {
  const { fetchMock } = heldManifest();
  Object.defineProperty(window, 'mf_catalog', { value: {}, configurable: true });
  prefetchRoute('/courses');
  expect(fetchMock).not.toHaveBeenCalled();
  expect(links('preload').map((l) => l.as)).toEqual(['fetch']);
  expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
});

test('without an integrity section in the registry the entry is left to the runtime', () => {
  heldManifest();
  setEntryIntegrity(null);
  prefetchRoute('/courses');
  expect(links('preload').map((l) => l.as)).toEqual(['fetch']);
});

describe('a press on a page the server renders, whose code is not here yet (decision 064)', () => {
  const PAGE_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
  /** The manifest as before; the page's own URL answers with its HTML (`headers` as the site server sends them). */
  function siteFetch(page: { status?: number; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...page.headers };
    const fetchMock = jest.fn((url: string, _init?: RequestInit) => Promise.resolve(url.endsWith('mf-manifest.json')
      ? { ok: true, status: 200, json: () => Promise.resolve(CATALOG_MANIFEST) }
      : { ok: (page.status ?? 200) < 300, status: page.status ?? 200, headers: { get: (name: string) => headers[name.toLowerCase()] ?? null }, text: () => Promise.resolve(PAGE_HTML) }));
    Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
    return fetchMock;
  }
  const pageRequests = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('mf-manifest.json'));
  const watch = () => { stop = watchLinkIntent((href, intent) => { prefetchRoute(href, intent === 'press' ? 'press' : 'load'); }); };

  test('fetches the page\'s HTML once, at high priority beside the code, instead of its data; the HTML\'s reader gets it', async () => {
    const fetchMock = siteFetch();
    watch();
    fireEvent.pointerDown(link('Courses'));
    expect(pageRequests(fetchMock)).toEqual([['http://localhost/courses', { credentials: 'same-origin', priority: 'high', headers: { Accept: 'text/html' } }]]);
    expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
    // The entry as before; no data preload: the HTML carries the data.
    expect(links('preload').map((l) => l.as)).toEqual(['script']);
    fireEvent.pointerDown(link('Courses'));
    await settle();
    // One request per press, reused by the click.
    expect(pageRequests(fetchMock)).toHaveLength(1);
    expect(takePageHtml).toHaveBeenCalledWith(PAGE_HTML, { id: 'mf_catalog/CoursesPage', url: '/courses', from: '/' });
    // No data request beside the HTML.
    expect(prefetchRouteQuery).not.toHaveBeenCalled();
  });

  test.each([
    ['the server\'s fallback page, without the slot\'s render', {}, false],
    ['a failed request', { status: 503 }, true],
    ['one person\'s page', { headers: { 'cache-control': 'private, no-store' } }, true],
  ])('%s: the page\'s query starts instead', async (_name, page, notRead) => {
    siteFetch(page);
    jest.mocked(takePageHtml).mockReturnValueOnce(false);
    watch();
    fireEvent.pointerDown(link('Courses'));
    await settle();
    await settle();
    expect(takePageHtml).toHaveBeenCalledTimes(notRead ? 0 : 1);
    expect(prefetchRouteQuery).toHaveBeenCalledTimes(1);
  });

  test('no HTML for a module already loaded, a hover or focus, a modified press, a page the server does not render or one showing one person\'s data', async () => {
    const fetchMock = siteFetch();
    document.body.innerHTML += '<a href="/payment-options">Options</a><a href="/certificates/NCI-1">Check</a><a href="/quick-programs">Programs</a><a href="/blog">Blog</a>';
    watch();
    fireEvent.focusIn(link('Health'));
    // jsdom has no PointerEvent: a mouse event of that type carries the modifier key.
    link('Programs').dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, ctrlKey: true }));
    fireEvent.pointerDown(link('Options'));
    fireEvent.pointerDown(link('Check'));
    jest.mocked(loadedRemoteComponent).mockReturnValueOnce(() => null);
    fireEvent.pointerDown(link('Blog'));
    await settle();
    expect(pageRequests(fetchMock)).toEqual([]);
    // The loaded module's page gets its data at the press as before.
    expect(links('preload').filter((l) => l.as === 'fetch').map((l) => l.href)).toEqual([`${api()}/api/quick-programs?fields=card&limit=24`, `${api()}/api/blogs?fields=card&limit=24`]);
  });
});

describe('a press on a link whose page was read ahead for being in view (decision 064)', () => {
  const offer = jest.fn();
  function siteFetch() {
    const fetchMock = jest.fn((url: string, _init?: RequestInit) => Promise.resolve(url.endsWith('mf-manifest.json')
      ? { ok: true, status: 200, json: () => Promise.resolve(CATALOG_MANIFEST) }
      : { ok: true, status: 200, headers: { get: (name: string) => (name === 'content-type' ? 'text/html' : 'no-cache') }, text: () => Promise.resolve('<html>courses</html>') }));
    Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
    return fetchMock;
  }
  const pageRequests = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('mf-manifest.json'));
  const press = () => {
    stop = watchLinkIntent((href, intent) => { prefetchRoute(href, intent === 'press' ? 'press' : 'load'); });
    fireEvent.pointerDown(link('Courses'));
  };
  beforeEach(() => { jest.mocked(readPageHtml).mockReturnValue(offer); });
  afterEach(() => jest.useRealTimers());

  test('the HTML read while idle is offered at the press, at once and once, with no second request and no data preload', async () => {
    const fetchMock = siteFetch();
    prefetchRoute('/courses', 'fetch');
    await settle();
    expect(pageRequests(fetchMock)).toEqual([['http://localhost/courses', { credentials: 'same-origin', priority: 'low', headers: { Accept: 'text/html' } }]]);
    expect(readPageHtml).toHaveBeenCalledWith('<html>courses</html>', 'mf_catalog/CoursesPage');
    expect(offer).not.toHaveBeenCalled();
    press();
    // In the press's own tick: the page's markup is offered for the click to show.
    expect(offer).toHaveBeenCalledWith({ url: '/courses', from: '/' });
    expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
    await settle();
    expect(pageRequests(fetchMock)).toHaveLength(1);
    // No data preload: the HTML's state is in the cache (the page's query, asked as after any prefetch, finds it fresh).
    expect(links('preload').filter((l) => l.as === 'fetch')).toEqual([]);
    // Used once: a later press reads the page again rather than showing what it was.
    resetPrefetched();
    offer.mockClear();
    jest.mocked(takePageHtml).mockClear();
    fireEvent.pointerDown(link('Courses'));
    expect(offer).not.toHaveBeenCalled();
  });

  test('an HTML read ahead more than five minutes before the press is not shown; the press fetches the page anew', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T07:00:00Z') });
    const fetchMock = siteFetch();
    prefetchRoute('/courses', 'fetch');
    await jest.advanceTimersByTimeAsync(0);
    expect(readPageHtml).toHaveBeenCalledTimes(1);
    jest.setSystemTime(new Date('2026-11-27T07:05:01Z'));
    press();
    expect(offer).not.toHaveBeenCalled();
    expect(pageRequests(fetchMock).map(([, init]) => (init as RequestInit).priority)).toEqual(['low', 'high']);
  });

  test('a page whose HTML cannot stand in (the server\'s fallback) has its data prefetched instead', async () => {
    siteFetch();
    jest.mocked(readPageHtml).mockReturnValue(null);
    prefetchRoute('/courses', 'fetch');
    await settle();
    expect(prefetchRouteQuery).toHaveBeenCalledTimes(1);
    press();
    expect(offer).not.toHaveBeenCalled();
  });
});
