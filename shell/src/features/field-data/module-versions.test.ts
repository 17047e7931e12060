import { runningModuleVersions, type RuntimeLike } from './module-versions';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: () => null }));

beforeAll(() => {
  (globalThis as { __MODULE_VERSION__?: string }).__MODULE_VERSION__ = '9.9.9';
});

const manifest = (name: string, buildVersion: string) => ({ id: name, name, metaData: { name, buildInfo: { buildVersion } } });

test('the shell alone when the federation runtime is not there', () => {
  expect(runningModuleVersions(null)).toEqual({ shell: '9.9.9' });
  expect(runningModuleVersions()).toEqual({ shell: '9.9.9' });
});

test('each remote the page loaded, with the build version of its manifest; registered-only remotes are left out', () => {
  const runtime: RuntimeLike = {
    moduleCache: new Map<string, unknown>([['mf_catalog', {}], ['mf_checkout', {}], ['shell', {}]]),
    snapshotHandler: {
      manifestCache: new Map([
        ['http://site.test/mf-catalog/0.2.1/mf-manifest.json', manifest('mf_catalog', '0.2.1')],
        ['http://site.test/mf-content/0.1.0/mf-manifest.json', manifest('mf_content', '0.1.0')],
      ]),
    },
  };
  expect(runningModuleVersions(runtime)).toEqual({ shell: '9.9.9', mf_catalog: '0.2.1', mf_checkout: 'unknown' });
});
