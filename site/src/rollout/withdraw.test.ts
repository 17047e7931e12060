import { readRegistry } from '../deploy-folder';
import { writeDeployFixture } from '../testing/deploy-fixture';
import { readRollout, writeRollout } from './rollout-file';
import { addVersion } from './testing';
import { checkCanaries, DEFAULT_WATCH, watchSettingsFromEnv } from './withdraw';

let site: ReturnType<typeof writeDeployFixture>;
beforeEach(() => {
  site = writeDeployFixture();
  addVersion(site.root, '2.0.0');
  writeRollout(site.root, { canaries: { mf_demo: { dir: 'mf-demo', version: '2.0.0', manifest: '/mf-demo/2.0.0/mf-manifest.json', percent: 50, integrity: {}, since: '2026-01-01T00:00:00.000Z' } }, withdrawn: [] });
});
afterEach(() => site.remove());

const health = (canary: [number, number], live: [number, number]) => {
  const calls: string[] = [];
  const fetchImpl = (async (url: URL) => {
    calls.push(url.href);
    return new Response(JSON.stringify({ versions: [
      { module: 'mf_demo', version: '1.0.0', role: 'live', views: live[0], loadFailures: 0, errors: live[1] },
      { module: 'mf_demo', version: '2.0.0', role: 'canary', views: canary[0], loadFailures: 1, errors: canary[1] - 1 },
    ] }));
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
};
const POLICY = { margin: 0.05, minViews: 20 };

it('withdraws a canary that fails more than live by the margin over the minimum sample, logged and recorded', async () => {
  const { calls, fetchImpl } = health([20, 10], [40, 0]);
  const logs: string[] = [];
  expect(await checkCanaries(site.root, 'http://api.test', POLICY, (l) => logs.push(l), fetchImpl)).toEqual(['mf_demo']);
  expect(calls).toEqual(['http://api.test/api/module-health?module=mf_demo&since=2026-01-01T00%3A00%3A00.000Z']);
  const rollout = readRollout(site.root);
  expect(rollout.canaries).toEqual({});
  expect(rollout.withdrawn).toEqual([{ remote: 'mf_demo', version: '2.0.0', liveVersion: '1.0.0', at: expect.any(String), reason: expect.stringContaining('error rate 0.500 over 20 page loads') }]);
  expect(logs[0]).toContain('canary mf_demo 2.0.0 withdrawn');
  // The live registry is untouched: only the canary goes.
  expect(readRegistry(site.root).mf_demo).toBe('/mf-demo/1.0.0/mf-manifest.json');
});

it.each([
  ['below the minimum sample', [19, 10], [40, 0]],
  ['within the margin', [20, 2], [40, 2]],
  ['no worse than live', [40, 4], [40, 4]],
] as const)('keeps a canary %s', async (_case, canary, live) => {
  const { fetchImpl } = health([...canary], [...live]);
  expect(await checkCanaries(site.root, 'http://api.test', POLICY, () => {}, fetchImpl)).toEqual([]);
  expect(Object.keys(readRollout(site.root).canaries)).toEqual(['mf_demo']);
});

describe('the settings npm start and start:prod both read', () => {
  it('takes the defaults, or the environment', () => {
    expect(watchSettingsFromEnv({})).toEqual(DEFAULT_WATCH);
    expect(watchSettingsFromEnv({ CANARY_ERROR_MARGIN: '0.1', CANARY_MIN_PAGE_LOADS: '20', CANARY_CHECK_INTERVAL_MS: '1000' }))
      .toEqual({ margin: 0.1, minViews: 20, intervalMs: 1000 });
  });

  it.each([
    ['CANARY_ERROR_MARGIN', 'five percent', /CANARY_ERROR_MARGIN must be a number from 0 to 1 \(got "five percent"\)/],
    ['CANARY_ERROR_MARGIN', '1.5', /CANARY_ERROR_MARGIN/],
    ['CANARY_MIN_PAGE_LOADS', '0', /CANARY_MIN_PAGE_LOADS must be a whole number of at least 1/],
    ['CANARY_MIN_PAGE_LOADS', '2.5', /CANARY_MIN_PAGE_LOADS/],
    ['CANARY_CHECK_INTERVAL_MS', '5', /CANARY_CHECK_INTERVAL_MS must be a whole number of milliseconds/],
  ])('refuses %s=%s with its name', (name, value, message) => {
    expect(() => watchSettingsFromEnv({ [name]: value })).toThrow(message);
  });
});
