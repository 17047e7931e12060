import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadFile } from '../../../lib/download';
import { API, blobText, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { ReceivablesSection } from './receivables-section';

jest.mock('../../../lib/download');

const ROW = {
  student: { id: 'u-1', username: 'dana', email: 'dana@example.com' }, program: { id: 'c-1', title: 'Medical Billing' },
  session: { id: 's-1', startsOn: '2026-09-01' }, students: 1, dueOn: '2026-09-01',
  notYetDue: 0, dueNow: 0, overdue1To30: 0, overdue31To60: 0, overdue61Plus: 900, total: 900,
};
const TOTALS = { notYetDue: 250, dueNow: 0, overdue1To30: 0, overdue31To60: 0, overdue61Plus: 900, total: 1150 };

beforeEach(() => {
  signIn({ role: 'admin' });
});

test('shows the server\'s aged rows and totals, and asks the server to search, sort, page and switch to sessions', async () => {
  const user = userEvent.setup();
  const { seen } = mockFetch((req) => {
    const url = new URL(req.url);
    if (url.pathname !== '/api/admin/receivables') return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
    const perSession = url.searchParams.get('view') === 'session';
    return { body: { items: [perSession ? { ...ROW, student: null, students: 3 } : ROW], total: 41, page: Number(url.searchParams.get('page')), limit: 20, totals: TOTALS } };
  });
  renderWithProviders(<ReceivablesSection />);
  const row = await screen.findByRole('row', { name: /dana/ });
  expect(within(row).getByText('Medical Billing')).toBeInTheDocument();
  expect(row).toHaveTextContent('$900');
  const totals = screen.getByLabelText('Totals of every matching row');
  expect(totals).toHaveTextContent('$250');
  expect(totals).toHaveTextContent('$1,150');
  expect(screen.getByText('Page 1 of 3 · 41 rows')).toBeInTheDocument();
  expect(seen[0]?.url).toBe(`${API}/api/admin/receivables?view=student&page=1&limit=20&sort=-overdue`);

  await user.type(screen.getByLabelText('Search students or courses'), 'dana');
  await waitFor(() => expect(seen.some((r) => r.url.endsWith('sort=-overdue&q=dana'))).toBe(true));
  await user.selectOptions(screen.getByLabelText('Sort by'), 'dueOn');
  await waitFor(() => expect(seen.some((r) => r.url.includes('sort=dueOn&q=dana'))).toBe(true));
  // A column's header orders the list too, on the server.
  await user.click(screen.getByRole('button', { name: 'Total' }));
  await waitFor(() => expect(seen.some((r) => r.url.includes('sort=total&q=dana'))).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(seen.some((r) => r.url.includes('page=2'))).toBe(true));
  await user.selectOptions(screen.getByLabelText('Show'), 'session');
  expect(await screen.findByRole('columnheader', { name: 'Students owing' })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Balances due per session' })).toHaveTextContent('3');
});

test('the CSV is the server\'s file of every matching row; a failure says so', async () => {
  const user = userEvent.setup();
  let csvCalls = 0;
  const { seen } = mockFetch((req) => {
    const url = new URL(req.url);
    if (url.pathname === '/api/admin/receivables') return { body: { items: [ROW], total: 1, page: 1, limit: 20, totals: TOTALS } };
    if (url.pathname === '/api/admin/receivables.csv') {
      csvCalls += 1;
      return csvCalls === 1 ? { body: '"Student"\r\n"dana"\r\n' } : { status: 500, body: { error: 'Internal Server Error', message: 'x' } };
    }
    return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  });
  renderWithProviders(<ReceivablesSection />);
  await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
  expect(jest.mocked(downloadFile).mock.calls[0]?.[0]).toMatch(/^receivables-student-\d{4}-\d\d-\d\d\.csv$/);
  // The stand-in network sends bodies as JSON text: the file is that text, saved as it came.
  expect(await blobText(jest.mocked(downloadFile).mock.calls[0]?.[1])).toBe(JSON.stringify('"Student"\r\n"dana"\r\n'));
  const csv = seen.find((r) => r.url.includes('receivables.csv'));
  expect(csv?.url).toBe(`${API}/api/admin/receivables.csv?view=student&sort=-overdue`);
  expect(csv?.headers.authorization ?? csv?.headers.Authorization).toMatch(/^Bearer /);
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The CSV could not be downloaded (status 500).');
});
