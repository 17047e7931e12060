import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModuleHealthReport, ModuleVersionHealth } from '@institute/shared/contract';
import { API, mockFetch, pending, renderWithProviders, signIn, type FakeReply } from '../../../testing/test-utils';
import type { RolloutStatus } from '../api/module-health';
import { ModulesSection } from './modules-section';

const row = (over: Partial<ModuleVersionHealth>): ModuleVersionHealth => ({
  module: 'mf_catalog', version: '0.2.0', role: 'live', views: 0, loadFailures: 0, errors: 0, errorRate: 0, loadMsP75: null, ...over,
});
const report = (versions: ModuleVersionHealth[]): ModuleHealthReport => ({ from: '2026-11-19T00:00:00.000Z', to: '2026-11-26T00:00:00.000Z', versions });

const WEEK = report([
  row({ version: '0.3.0', role: 'canary', views: 25, loadFailures: 1, errors: 4, errorRate: 0.2, loadMsP75: 640 }),
  row({ views: 75, errors: 1, errorRate: 1 / 75, loadMsP75: 410 }),
  row({ module: 'mf_content', version: '1.1.0', views: 12, loadMsP75: 300 }),
]);
const MONTH = report([row({ views: 400, loadMsP75: 390 })]);
const SINCE_START = report([
  row({ version: '0.3.0', role: 'canary', views: 20, errors: 4, errorRate: 0.2 }),
  row({ views: 60, errorRate: 0 }),
  row({ version: '0.2.9', role: 'preview', views: 1 }),
]);
const CANARY_SINCE = '2026-11-26T14:05:00.000Z';
const ROLLOUT: RolloutStatus = {
  canaries: [{ remote: 'mf_catalog', version: '0.3.0', percent: 20, since: CANARY_SINCE }],
  withdrawn: [
    { remote: 'mf_content', version: '1.2.0', liveVersion: '1.1.0', at: '2026-11-25T09:00:00.000Z', reason: 'error rate 0.600 over 200 page loads against live 1.1.0\'s 0.010 over 800 (margin 0.05)' },
    { remote: 'mf_admin', version: '0.5.0', liveVersion: '0.4.0', at: '2026-11-26T10:00:00.000Z', reason: 'error rate 1.000 over 210 page loads against live 0.4.0\'s 0.000 over 15 (margin 0.05)' },
  ],
};

function serve(over: { rollout?: FakeReply | 'pending'; health?: FakeReply } = {}) {
  return mockFetch((req) => {
    if (req.url === '/rollout-status.json') return over.rollout === 'pending' ? pending() : over.rollout ?? { body: ROLLOUT };
    const url = new URL(req.url);
    if (url.pathname !== '/api/admin/module-health') return { status: 404, body: { error: 'Not Found', message: 'x' } };
    if (over.health) return over.health;
    if (url.searchParams.get('since')) return { body: SINCE_START };
    return { body: url.searchParams.get('days') === '28' ? MONTH : WEEK };
  });
}

const cells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

beforeEach(() => {
  signIn();
});

test('per module, each version visitors ran with why, its share of page loads, failures, errors, rate and load time', async () => {
  const token = signIn();
  const { seen } = serve();
  renderWithProviders(<ModulesSection />);
  const catalog = await screen.findByRole('table', { name: 'mf_catalog, last 7 days (100 page loads)' });
  expect(within(catalog).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'Version', 'Runs as', 'Page loads', 'Share', 'Failed loads', 'Errors', 'Error rate', 'Load time p75 (ms)',
  ]);
  expect(cells(catalog)).toEqual([
    ['0.2.0', 'Live', '75', '75.0 %', '0', '1', '1.3 %', '410'],
    ['0.3.0', 'Canary', '25', '25.0 %', '1', '4', '20.0 %', '640'],
  ]);
  expect(cells(screen.getByRole('table', { name: 'mf_content, last 7 days (12 page loads)' }))).toEqual([
    ['1.1.0', 'Live', '12', '100.0 %', '0', '0', '0.0 %', '300'],
  ]);
  const week = seen.find((r) => r.url === `${API}/api/admin/module-health?days=7`);
  expect(week?.headers.Authorization).toBe(`Bearer ${token}`);
});

test('a running canary against live since it started, with its share of visitors; previews left out of the comparison', async () => {
  const { seen } = serve();
  renderWithProviders(<ModulesSection />);
  const canary = await screen.findByRole('article', { name: 'mf_catalog canary' });
  expect(within(canary).getByRole('heading', { name: 'mf_catalog 0.3.0' })).toBeInTheDocument();
  expect(canary).toHaveTextContent(/Served to 20 % of visitors since 26\.11\.2026 \d\d:\d\d; the others run live\./);
  const table = await within(canary).findByRole('table', { name: 'mf_catalog since the canary started' });
  expect(cells(table)).toEqual([
    ['0.2.0', 'Live', '60', '0', '0', '0.0 %', '–'],
    ['0.3.0', 'Canary', '20', '0', '4', '20.0 %', '–'],
  ]);
  expect(seen.map((r) => r.url)).toContain(`${API}/api/admin/module-health?module=mf_catalog&since=${encodeURIComponent(CANARY_SINCE)}`);
});

test('the canaries withdrawn automatically, latest first, with the version visitors went back to and why', async () => {
  serve();
  renderWithProviders(<ModulesSection />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawn automatically' })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Canaries withdrawn automatically, latest first' });
  const rows = cells(table);
  expect(rows.map((r) => r.slice(0, 3))).toEqual([['mf_admin', '0.5.0', '0.4.0'], ['mf_content', '1.2.0', '1.1.0']]);
  expect(rows[0]![3]).toMatch(/^26\.11\.2026 \d\d:\d\d$/);
  expect(rows[1]![4]).toBe('error rate 0.600 over 200 page loads against live 1.1.0\'s 0.010 over 800 (margin 0.05)');
});

test('switches to the last 28 days', async () => {
  serve();
  renderWithProviders(<ModulesSection />);
  await screen.findByRole('table', { name: /mf_catalog, last 7 days/ });
  await userEvent.click(screen.getByRole('button', { name: 'Last 28 days' }));
  expect(await screen.findByRole('table', { name: 'mf_catalog, last 28 days (400 page loads)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Last 28 days' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('table', { name: /mf_content/ })).not.toBeInTheDocument();
});

test('no canary and no events: says so', async () => {
  serve({ rollout: { body: { canaries: [], withdrawn: [] } }, health: { body: report([]) } });
  renderWithProviders(<ModulesSection />);
  expect(await screen.findByText('No canary is running: every visitor runs the live versions.')).toBeInTheDocument();
  expect(await screen.findByText('No module events for the last 7 days. Page loads report them while a canary runs.')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Withdrawn automatically' })).not.toBeInTheDocument();
});

test('loading, and an error from either source, each said plainly', async () => {
  serve({ rollout: 'pending', health: { status: 500, body: { error: 'Internal Server Error', message: 'x' } } });
  renderWithProviders(<ModulesSection />);
  expect(screen.getByText('Loading the rollout...')).toBeInTheDocument();
  expect(await screen.findByText('Failed to load module health. Please try again.')).toBeInTheDocument();
});

test('a rollout status that cannot be read is an error, not an empty rollout', async () => {
  serve({ rollout: { status: 404 } });
  renderWithProviders(<ModulesSection />);
  expect(await screen.findByText('Failed to load the rollout status. Please try again.')).toBeInTheDocument();
  expect(screen.queryByText(/No canary is running/)).not.toBeInTheDocument();
});
