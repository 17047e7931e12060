import { entryIntegrity, parseEntryIntegrity, setEntryIntegrity } from './entry-integrity';

const HASH = 'sha384-8mQbVl2rwVa1wsWHvzXXQUaCLCQ+NEf4kMFOGr37Lb6Urx8Uwj6MHjSrUzqPdbLG';

afterEach(() => setEntryIntegrity(null));

test('reads the registry integrity section against the page, dropping values that are not hashes', () => {
  const map = parseEntryIntegrity({
    mf_catalog: '/mf-catalog/0.1.0/mf-manifest.json',
    integrity: { '/mf-catalog/0.1.0/remoteEntry.js': HASH, 'https://cdn.example/x/remoteEntry.js': 'md5-abc', '/y.js': 42 },
  }, 'http://localhost:3000/courses');
  expect([...map!]).toEqual([['http://localhost:3000/mf-catalog/0.1.0/remoteEntry.js', HASH]]);
  expect(parseEntryIntegrity({ mf_catalog: '/m.json' }, 'http://localhost/')).toBeNull();
  expect(parseEntryIntegrity(null, 'http://localhost/')).toBeNull();
});

test('a registry with integrity vouches for its entries only; one without checks nothing', () => {
  expect(entryIntegrity('/mf-catalog/0.1.0/remoteEntry.js')).toBeNull();
  setEntryIntegrity(new Map([[new URL('/mf-catalog/0.1.0/remoteEntry.js', window.location.href).href, HASH]]));
  expect(entryIntegrity('/mf-catalog/0.1.0/remoteEntry.js')).toBe(HASH);
  expect(entryIntegrity(`${window.location.origin}/mf-catalog/0.1.0/remoteEntry.js`)).toBe(HASH);
  expect(entryIntegrity('/mf-catalog/9.9.9/remoteEntry.js')).toBe('sha384-not-in-the-registry');
});
