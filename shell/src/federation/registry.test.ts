import { parseRegistry, parseSelection } from './registry';

test('resolves relative entries against the page and drops unknown modules', () => {
  const remotes = parseRegistry(
    { mf_catalog: '/mf-catalog/0.1.0/mf-manifest.json', mf_admin: 'https://cdn.example/mf-admin/2.0.0/mf-manifest.json', evil: '/x.json' },
    'http://localhost:3000/courses/abc',
  );
  expect(remotes).toEqual([
    { name: 'mf_catalog', entry: 'http://localhost:3000/mf-catalog/0.1.0/mf-manifest.json' },
    { name: 'mf_admin', entry: 'https://cdn.example/mf-admin/2.0.0/mf-manifest.json' },
  ]);
});

test('rejects a registry that is not an object', () => {
  expect(() => parseRegistry([], 'http://localhost/')).toThrow(/object/);
  expect(() => parseRegistry(null, 'http://localhost/')).toThrow(/object/);
});

test('ignores the integrity section when listing remotes', () => {
  const remotes = parseRegistry({ mf_catalog: '/mf-catalog/0.1.0/mf-manifest.json', integrity: { '/mf-catalog/0.1.0/remoteEntry.js': 'sha384-abc' } }, 'http://localhost/');
  expect(remotes).toEqual([{ name: 'mf_catalog', entry: 'http://localhost/mf-catalog/0.1.0/mf-manifest.json' }]);
});

test("reads why each module runs and whether the server asks for module events; anything else is ignored", () => {
  expect(parseSelection({
    mf_catalog: '/mf-catalog/0.2.0/mf-manifest.json',
    selection: { mf_catalog: 'canary', mf_content: 'override', mf_admin: 'beta', evil: 'live' },
    fieldEvents: 'on',
  })).toEqual({ why: { mf_catalog: 'canary', mf_content: 'override' }, fieldEvents: true });
  expect(parseSelection({ selection: 'live', fieldEvents: true })).toEqual({ why: {}, fieldEvents: false });
  expect(parseSelection(null)).toEqual({ why: {}, fieldEvents: false });
});
