import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VitalsReport } from '@institute/shared/contract';
import { API, mockFetch, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import { formatValue, rate } from '../api/vitals';
import { PerformanceSection } from './performance-section';

const report = (days: 7 | 28, over: Partial<VitalsReport> = {}): VitalsReport => ({
  days, from: '2026-11-16T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z', pages: [], modules: [], ...over,
});

const WEEK = report(7, {
  pages: [
    { page: '/', metrics: { LCP: { p75: 1800, samples: 120 }, CLS: { p75: 0.02, samples: 118 }, INP: { p75: 150, samples: 64 } } },
    { page: '/courses/:id', metrics: { LCP: { p75: 3200, samples: 40 }, CLS: { p75: 0.3, samples: 40 } } },
  ],
  modules: [
    { module: 'mf_catalog', version: '0.2.1', metrics: { LCP: { p75: 4500, samples: 1 }, INP: { p75: 620, samples: 12 } } },
  ],
});
const MONTH = report(28, {
  pages: [{ page: '*', metrics: { LCP: { p75: 2600, samples: 900 } } }],
  modules: [{ module: 'shell', version: '0.1.0', metrics: { CLS: { p75: 0.11, samples: 900 } } }],
});

function serve(byDays: Record<string, VitalsReport>) {
  return mockFetch((req) => ({ body: byDays[new URL(req.url).searchParams.get('days') ?? ''] ?? { error: 'Bad Request', message: 'x' } }));
}

beforeEach(() => {
  signIn();
});

test('rates values against the Web Vitals thresholds, boundaries included', () => {
  expect([rate('LCP', 2500), rate('LCP', 2501), rate('LCP', 4000), rate('LCP', 4001)]).toEqual(['good', 'needs-improvement', 'needs-improvement', 'poor']);
  expect([rate('CLS', 0.1), rate('CLS', 0.2), rate('CLS', 0.26)]).toEqual(['good', 'needs-improvement', 'poor']);
  expect([rate('INP', 200), rate('INP', 500), rate('INP', 501)]).toEqual(['good', 'needs-improvement', 'poor']);
  expect([formatValue('LCP', 1834), formatValue('CLS', 0.0123), formatValue('INP', 96.4)]).toEqual(['1.83', '0.012', '96']);
});

test('shows a loading state while the report loads', async () => {
  mockFetch(pending);
  renderWithProviders(<PerformanceSection />);
  expect(await screen.findByText('Loading performance data...')).toBeInTheDocument();
});

test('asks for the last 7 days with the bearer token, and shows a table per page with p75, rating and samples', async () => {
  const token = signIn();
  const { seen } = serve({ '7': WEEK });
  renderWithProviders(<PerformanceSection />);
  const table = await screen.findByRole('table', { name: 'By page, last 7 days' });
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/admin/vitals?days=7` });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Page', 'LCP (s)', 'CLS', 'INP (ms)']);

  const home = within(table).getByRole('row', { name: /^\/ / });
  expect(within(home).getByRole('rowheader')).toHaveTextContent('/');
  const [lcp, cls, inp] = within(home).getAllByRole('cell');
  expect(lcp).toHaveTextContent('1.80Good120 samples');
  expect(cls).toHaveTextContent('0.020Good118 samples');
  expect(inp).toHaveTextContent('150Good64 samples');

  const course = within(table).getByRole('row', { name: /\/courses\/:id/ });
  const cells = within(course).getAllByRole('cell');
  expect(cells[0]).toHaveTextContent('3.20Needs improvement40 samples');
  expect(cells[1]).toHaveTextContent('0.300Poor40 samples');
  expect(cells[2]).toHaveTextContent('No data');
});

test('shows a table per module version', async () => {
  serve({ '7': WEEK });
  renderWithProviders(<PerformanceSection />);
  const table = await screen.findByRole('table', { name: 'By module version, last 7 days' });
  expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Module version');
  const row = within(table).getByRole('row', { name: /mf_catalog 0\.2\.1/ });
  const [lcp, cls, inp] = within(row).getAllByRole('cell');
  expect(lcp).toHaveTextContent('4.50Poor1 sample');
  expect(cls).toHaveTextContent('No data');
  expect(inp).toHaveTextContent('620Poor12 samples');
});

test('the toggle switches to the last 28 days and marks the pressed button', async () => {
  const { seen } = serve({ '7': WEEK, '28': MONTH });
  renderWithProviders(<PerformanceSection />);
  await screen.findByRole('table', { name: 'By page, last 7 days' });
  const group = screen.getByRole('group', { name: 'Period' });
  expect(within(group).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(within(group).getByRole('button', { name: 'Last 28 days' }));
  const table = await screen.findByRole('table', { name: 'By page, last 28 days' });
  expect(within(group).getByRole('button', { name: 'Last 28 days' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(group).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
  expect(within(table).getByRole('rowheader')).toHaveTextContent('Other pages (*)');
  expect(within(table).getByRole('cell', { name: /2\.60/ })).toHaveTextContent('Needs improvement');
  expect(seen.map((r) => r.url)).toEqual([`${API}/api/admin/vitals?days=7`, `${API}/api/admin/vitals?days=28`]);
});

test('shows an empty state when nothing was reported in the window', async () => {
  serve({ '7': report(7) });
  renderWithProviders(<PerformanceSection />);
  expect(await screen.findByText(/No field data for the last 7 days yet/)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('shows an error when the report cannot be loaded', async () => {
  mockFetch(() => ({ status: 500, body: { error: 'Internal Server Error', message: 'boom' } }));
  renderWithProviders(<PerformanceSection />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load performance data. Please try again.');
});
