import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { StatsDashboard } from './stats-dashboard';

const STATS = {
  from: '2025-01-01', to: '2025-02-28',
  totals: { revenue: 2000, payments: 4, enrollments: 3, newStudents: 2 },
  revenueByMonth: [{ month: '2025-01', revenue: 1500, payments: 2 }, { month: '2025-02', revenue: 500, payments: 2 }],
  paymentsByStatus: [{ status: 'COMPLETED', count: 3, amount: 1750 }, { status: 'REFUNDED', count: 1, amount: 600 }],
  enrollmentsByProgram: [{ programId: 'p1', title: 'Pharmacy Technician', enrollments: 3 }],
  newStudentsByWeek: [{ week: '2024-12-30', students: 0 }, { week: '2025-01-06', students: 2 }],
};
const EMPTY = {
  ...STATS, totals: { revenue: 0, payments: 0, enrollments: 0, newStudents: 0 },
  revenueByMonth: STATS.revenueByMonth.map((m) => ({ ...m, revenue: 0, payments: 0 })), paymentsByStatus: [], enrollmentsByProgram: [],
  newStudentsByWeek: STATS.newStudentsByWeek.map((w) => ({ ...w, students: 0 })),
};
const chart = (name: RegExp) => screen.getByRole('figure', { name });

test('shows the totals and each chart with its data table, the picture named by a summary', async () => {
  signIn();
  const { seen } = mockFetch(() => ({ body: STATS }));
  renderWithProviders(<StatsDashboard />);
  expect(await screen.findByText('$2,000')).toBeInTheDocument();
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/admin/stats` });
  const revenue = chart(/^Revenue per month/);
  expect(within(revenue).getByRole('img')).toHaveAccessibleName('Revenue per month (completed minus refunded): highest $1,500 (Jan 2025).');
  expect(within(revenue).getAllByRole('row').map((r) => r.textContent)).toEqual(['PeriodRevenue', 'Jan 2025$1,500', 'Feb 2025$500']);
  expect(within(chart(/^Payments by status/)).getByRole('row', { name: /REFUNDED/ })).toHaveTextContent('1');
  expect(within(chart(/^Enrollments per program/)).getByRole('row', { name: /Pharmacy Technician/ })).toHaveTextContent('3');
  expect(within(chart(/^New students per week/)).getByRole('row', { name: /Week of 2025-01-06/ })).toHaveTextContent('2');
});

test('says so, chart by chart, when the range holds nothing', async () => {
  signIn();
  mockFetch(() => ({ body: EMPTY }));
  renderWithProviders(<StatsDashboard />);
  expect(await screen.findByText('No revenue in this range.')).toBeInTheDocument();
  expect(screen.getByText('No payments in this range.')).toBeInTheDocument();
  expect(screen.getByText('No enrollments in this range.')).toBeInTheDocument();
  expect(screen.getByText('No new students in this range.')).toBeInTheDocument();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
});

test('asks the server for the chosen range, and refuses a start after the end', async () => {
  signIn();
  const { seen } = mockFetch(() => ({ body: STATS }));
  renderWithProviders(<StatsDashboard />);
  const from = await screen.findByLabelText('From');
  expect(from).toHaveValue('2025-01-01');
  await userEvent.clear(from);
  await userEvent.type(from, '2025-03-01');
  await userEvent.click(screen.getByRole('button', { name: 'Show' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a start date on or before the end date.');
  await userEvent.clear(screen.getByLabelText('From'));
  await userEvent.type(screen.getByLabelText('From'), '2025-02-01');
  await userEvent.click(screen.getByRole('button', { name: 'Show' }));
  await waitFor(() => expect(seen.at(-1)?.url).toBe(`${API}/api/admin/stats?from=2025-02-01&to=2025-02-28`));
});
