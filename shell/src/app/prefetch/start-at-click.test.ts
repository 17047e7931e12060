import { getConfig } from '@institute/shared/config';
import { loadRemoteComponent } from '@institute/shared/federation';
import { fireEvent } from '@testing-library/react';
import { setEntryIntegrity } from '../../federation/entry-integrity';
import { takeManifest } from '../../federation/manifest-handoff';
import manifestHandoffPlugin from '../../federation/manifest-handoff-plugin';
import { watchLinkIntent } from './link-intent';
import { resetManifests } from './fetch-remote-files';
import { prefetchRoute, resetPrefetched } from './prefetch-route';

jest.mock('@institute/shared/federation', () => ({ loadRemoteComponent: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('../../lib/queries/with-queries', () => ({ loadQueryProvider: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('../../federation/load-remote', () => ({
  remoteManifestUrl: (name: string) => `http://localhost/modules/${name}/1.0.0/mf-manifest.json`,
}));
jest.mock('./prefetch-query', () => ({ prefetchRouteQuery: jest.fn(() => Promise.resolve()) }));

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
