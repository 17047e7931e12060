import integrityPlugin from './integrity-plugin';
import { setEntryIntegrity } from './entry-integrity';

const HASH = 'sha384-8mQbVl2rwVa1wsWHvzXXQUaCLCQ+NEf4kMFOGr37Lb6Urx8Uwj6MHjSrUzqPdbLG';
const createScript = (url: string) => (integrityPlugin().createScript as (args: { url: string }) => HTMLScriptElement | undefined)({ url });

afterEach(() => setEntryIntegrity(null));

test('loads a registered entry with its integrity, in CORS mode', () => {
  const url = `${window.location.origin}/mf-content/0.1.0/remoteEntry.js`;
  setEntryIntegrity(new Map([[url, HASH]]));
  const script = createScript(url)!;
  expect(script.src).toBe(url);
  expect(script.integrity).toBe(HASH);
  expect(script.crossOrigin).toBe('anonymous');
});

test('leaves script creation to the runtime when the registry records no integrity', () => {
  expect(createScript(`${window.location.origin}/x/remoteEntry.js`)).toBeUndefined();
});

test('keeps the runtime from inserting exposed chunks that no hash vouches for', async () => {
  const preloadOps = [{ remote: { name: 'mf_content' }, preloadConfig: { nameOrAlias: 'mf_content' } }];
  const hook = integrityPlugin().beforePreloadRemote as (args: { preloadOps: unknown[] }) => void;
  hook({ preloadOps });
  expect(preloadOps).toEqual([]);
});
