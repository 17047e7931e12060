import * as api from '@institute/shared/api';
import { loadRemoteComponent } from '@institute/shared/federation';
import { fireEvent } from '@testing-library/react';
import { loadQueryProvider } from '../../lib/queries/with-queries';
import { HOVER_DELAY_MS, watchLinkIntent } from './link-intent';
import { mayPrefetchInView, watchLinksInView } from './links-in-view';
import { resetManifests } from './fetch-remote-files';
import { prefetchRouteQuery } from './prefetch-query';
import { prefetchRoute, resetPrefetched } from './prefetch-route';
import type { RouteQuery } from './route-query';
import { prefetchInView } from './start-prefetching';

jest.mock('@institute/shared/federation', () => ({ loadRemoteComponent: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('../../lib/queries/with-queries', () => ({ loadQueryProvider: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('../../federation/load-remote', () => ({
  remoteManifestUrl: (name: string) => `http://localhost/modules/${name}/1.0.0/mf-manifest.json`,
}));
jest.mock('./prefetch-query', () => ({ prefetchRouteQuery: jest.fn(() => Promise.resolve()) }));
jest.mock('./read-page-html', () => ({ readPageHtml: jest.fn(() => () => undefined) }));

const loadModule = jest.mocked(loadRemoteComponent);
const fetchQuery = jest.mocked(prefetchRouteQuery);

/** Lets the dynamic import of the query chunk settle. */
const settle = async () => { for (let i = 0; i < 5; i++) await Promise.resolve(); };

let stop: () => void = () => undefined;
beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  resetPrefetched();
  resetManifests();
  document.body.innerHTML = '<nav><a href="/about">About</a><a href="/courses">Courses</a><a href="/blog">Blog</a><a href="/admin">Admin</a><a href="https://example.org/x">Out</a></nav>';
});
afterEach(() => {
  stop();
  document.head.innerHTML = '';
  Reflect.deleteProperty(window, 'fetch');
  jest.useRealTimers();
  Reflect.deleteProperty(navigator, 'connection');
});

/** jsdom has no PointerEvent: a mouse event carrying the pointer's type stands in for it. */
function pointer(type: 'pointerover' | 'pointerout', target: Element, relatedTarget: Element | null = null) {
  const event = new MouseEvent(type, { bubbles: true, relatedTarget });
  Object.defineProperty(event, 'pointerType', { value: 'mouse' });
  target.dispatchEvent(event);
}

const link = (name: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === name)!;

test('a mouse resting on a link starts its module and its first query together, once for hover, touch and focus', async () => {
  stop = watchLinkIntent((href) => { prefetchRoute(href); });
  pointer('pointerover', link('Courses'));
  expect(loadModule).not.toHaveBeenCalled();
  jest.advanceTimersByTime(HOVER_DELAY_MS);
  expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
  expect(loadQueryProvider).toHaveBeenCalledTimes(1);
  await settle();
  expect(fetchQuery).toHaveBeenCalledTimes(1);
  // The same key the page reads its data under, so the page finds it in the cache.
  const [query, input] = fetchQuery.mock.calls[0] as [RouteQuery, Parameters<RouteQuery>[1]];
  expect(query(api, input).queryKey).toEqual(api.coursePagesQuery(api.catalogFiltersFrom(new URLSearchParams())).queryKey);

  fireEvent.pointerDown(link('Courses'));
  fireEvent.touchStart(link('Courses'));
  fireEvent.focusIn(link('Courses'));
  pointer('pointerover', link('Courses'));
  jest.advanceTimersByTime(HOVER_DELAY_MS);
  await settle();
  expect(loadModule).toHaveBeenCalledTimes(1);
  expect(fetchQuery).toHaveBeenCalledTimes(1);
});

test('keyboard focus and a touch start a prefetch at once; a pointer only passing over a link does not', async () => {
  stop = watchLinkIntent((href) => { prefetchRoute(href); });
  pointer('pointerover', link('Blog'));
  pointer('pointerout', link('Blog'), document.body);
  jest.advanceTimersByTime(HOVER_DELAY_MS * 2);
  expect(loadModule).not.toHaveBeenCalled();

  fireEvent.focusIn(link('Blog'));
  expect(loadModule).toHaveBeenCalledWith('mf_content/BlogListPage');
  fireEvent.touchStart(link('Courses'));
  expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
});

test('only public pages of this site are prefetched', () => {
  expect(prefetchRoute(link('Admin').href)).toBeNull();
  expect(prefetchRoute(link('Out').href)).toBeNull();
  expect(prefetchRoute('/about')).toBe('shell-page');
  expect(loadModule).not.toHaveBeenCalled();
});

/** An IntersectionObserver whose every observed element is at once in view. */
function installIntersectionObserver() {
  const observed: Element[] = [];
  class InView {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      observed.push(target);
      this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'IntersectionObserver', { value: InView, configurable: true, writable: true });
  return observed;
}

test('links in view are prefetched in idle moments, up to the limit of remote pages', async () => {
  const observed = installIntersectionObserver();
  const prefetch = jest.fn(prefetchRoute);
  stop = watchLinksInView(prefetch, { limit: 1 });
  await settle();
  expect(observed.length).toBeGreaterThan(0);
  await jest.runAllTimersAsync();
  // /about (a shell page, not counted) and /courses started; /blog would be the second remote page, beyond the limit.
  expect(prefetch.mock.results.map((r) => r.value as unknown)).toEqual(['shell-page', 'remote-page']);
  expect(loadModule.mock.calls).toEqual([['mf_catalog/CoursesPage']]);
});

test('Save-Data turns in-view prefetching off; intent still prefetches', async () => {
  Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true });
  expect(mayPrefetchInView()).toBe(false);
  const observed = installIntersectionObserver();
  const prefetch = jest.fn(prefetchRoute);
  stop = watchLinksInView(prefetch, { limit: 4 });
  await settle();
  await jest.runAllTimersAsync();
  expect(observed).toHaveLength(0);
  expect(prefetch).not.toHaveBeenCalled();

  const stopIntent = watchLinkIntent((href) => { prefetchRoute(href); });
  fireEvent.focusIn(link('Courses'));
  stopIntent();
  expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
});

test('a 2G-class connection turns in-view prefetching off too', () => {
  Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: 'slow-2g' }, configurable: true });
  expect(mayPrefetchInView()).toBe(false);
  Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: '4g' }, configurable: true });
  expect(mayPrefetchInView()).toBe(true);
});

/** The catalog's manifest as the build writes it: its entry, and the chunks and stylesheet of each expose. */
const CATALOG_MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'CoursesPage', path: './CoursesPage', assets: { js: { sync: ['courses.1a2b.js'] }, css: { sync: ['courses.3c4d.css'] } } },
    { name: 'CourseDetailPage', path: './CourseDetailPage', assets: { js: { sync: ['detail.5e6f.js'] }, css: { sync: [] } } },
  ],
};

/** A fetch answering every manifest request with the catalog's manifest, and a page's URL with its HTML. */
const manifestFetch = () => jest.fn((url: string, _init?: RequestInit) => Promise.resolve(url.endsWith('mf-manifest.json')
  ? { ok: true, status: 200, json: () => Promise.resolve(CATALOG_MANIFEST) }
  : { ok: true, status: 200, headers: { get: (name: string) => (name === 'content-type' ? 'text/html' : 'no-cache') }, text: () => Promise.resolve('<html></html>') }));

test('a link in view has its page\'s files and HTML fetched, none of its code run; intent then loads the module', async () => {
  const fetchMock = manifestFetch();
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
  installIntersectionObserver();
  stop = watchLinksInView(prefetchInView, { limit: 6 });
  await jest.runAllTimersAsync();

  // Nothing of a remote ran: no module load, so no entry evaluated and no <script> added.
  expect(loadModule).not.toHaveBeenCalled();
  expect(document.querySelectorAll('script')).toHaveLength(0);
  // But the catalog's and the content module's manifests were read and their files are being fetched.
  expect(fetchMock).toHaveBeenCalledWith('http://localhost/modules/mf_catalog/1.0.0/mf-manifest.json', expect.anything());
  expect(fetchMock).toHaveBeenCalledWith('http://localhost/modules/mf_content/1.0.0/mf-manifest.json', expect.anything());
  const prefetched = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => [l.href, l.crossOrigin]);
  expect(prefetched).toEqual(expect.arrayContaining([
    ['http://localhost/modules/mf_catalog/1.0.0/remoteEntry.js', 'anonymous'],
    ['http://localhost/modules/mf_catalog/1.0.0/courses.1a2b.js', 'anonymous'],
    ['http://localhost/modules/mf_catalog/1.0.0/courses.3c4d.css', 'anonymous'],
  ]));
  // Only the expose the link leads to: not the catalog's other pages.
  expect(prefetched.map(([href]) => href)).not.toContain('http://localhost/modules/mf_catalog/1.0.0/detail.5e6f.js');
  // The page the server renders: its HTML, at low priority, instead of its data (it carries the data, decision 064).
  expect(fetchMock).toHaveBeenCalledWith('http://localhost/courses', { credentials: 'same-origin', priority: 'low', headers: { Accept: 'text/html' } });
  expect(fetchQuery.mock.calls.map(([query, input]) => (query as RouteQuery)(api, input as Parameters<RouteQuery>[1]).queryKey))
    .not.toContainEqual(api.coursePagesQuery(api.catalogFiltersFrom(new URLSearchParams())).queryKey);

  // Fetched, not loaded: a hover on the link still loads and runs the module, ready for the click.
  stop();
  stop = watchLinkIntent((href) => { prefetchRoute(href); });
  fireEvent.focusIn(link('Courses'));
  expect(loadModule).toHaveBeenCalledWith('mf_catalog/CoursesPage');
});

test('a page already loaded ahead is not fetched again for being in view', async () => {
  const fetchMock = manifestFetch();
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
  expect(prefetchRoute('/courses')).toBe('remote-page');
  expect(prefetchInView('/courses')).toBeNull();
  expect(prefetchInView('/blog')).toBe('remote-page');
  await settle();
  // The catalog's manifest was read once, by the intent (decision 063), not again for the link in view; the blog's
  // page, only in view, has its HTML read ahead (decision 064).
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
    'http://localhost/modules/mf_catalog/1.0.0/mf-manifest.json',
    'http://localhost/modules/mf_content/1.0.0/mf-manifest.json',
    'http://localhost/blog',
  ]);
});
