import { loadRemoteComponent } from '@institute/shared/federation';
import { loadQueryProvider } from '../lib/queries/with-queries';
import { preloadRoute } from './preload-route';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

const aboutChunk = deferred();
const loginChunk = deferred();
const queriesChunk = deferred();

jest.mock('./route-table', () => ({
  ROUTES: [
    { path: '/about', access: 'public', title: 'About', page: { preload: () => aboutChunk.promise } },
    { path: '/login', access: 'public', title: 'Sign In', queries: true, page: { preload: () => loginChunk.promise } },
    { path: '/courses', access: 'public', title: 'Courses', remote: 'mf_catalog/CoursesPage', area: 'The course catalog' },
  ],
}));
jest.mock('../lib/queries/with-queries', () => ({ loadQueryProvider: jest.fn(() => queriesChunk.promise) }));
jest.mock('@institute/shared/federation', () => ({ loadRemoteComponent: jest.fn(() => new Promise(() => undefined)) }));

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => { done = true; });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

test("resolves once the shell page's chunk is here, so hydration finds it", async () => {
  const ready = preloadRoute('/about');
  expect(await settled(ready)).toBe(false);
  aboutChunk.resolve();
  expect(await settled(ready)).toBe(true);
  expect(loadQueryProvider).not.toHaveBeenCalled();
});

test('a page that reads data waits for the query client too, and a failed chunk does not reject', async () => {
  const ready = preloadRoute('/login');
  loginChunk.reject(new Error('ChunkLoadError'));
  expect(await settled(ready)).toBe(false);
  queriesChunk.resolve();
  await expect(ready).resolves.toBeDefined();
});

test("a remote page starts its module's code but does not wait for it (the server-rendered case waits in bootstrap)", async () => {
  // The query client's chunk arrived in the test before; the module's load never settles here.
  const ready = preloadRoute('/courses');
  expect(loadRemoteComponent).toHaveBeenCalledWith('mf_catalog/CoursesPage');
  expect(await settled(ready)).toBe(true);
});

test('an unknown path needs nothing', async () => {
  expect(await settled(preloadRoute('/no-such-page'))).toBe(true);
});
