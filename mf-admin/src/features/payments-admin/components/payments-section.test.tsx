import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadFile } from '../../../lib/download';
import { API, mockFetch, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import { PaymentsSection } from './payments-section';

jest.mock('../../../lib/download');
const downloadMock = jest.mocked(downloadFile);
beforeEach(() => downloadMock.mockReset());

const PAYMENTS = [
  {
    _id: 'p-1', user: { username: 'alice', email: 'alice@example.com' }, program: { title: 'Medical Billing', price: 1200 },
    amount: 1200, currency: 'USD', paypalOrderId: 'ORDER-1', status: 'COMPLETED', createdAt: '2024-03-05T10:00:00Z',
    paidAmount: 1200, dueAfter: 0,
  },
  {
    _id: 'p-2', user: { username: 'bob', email: 'bob@example.com' }, program: { title: 'Phlebotomy', price: 899.5 },
    amount: 500, currency: 'USD', paypalOrderId: 'ORDER-2', status: 'CREATED', createdAt: '2024-04-20T10:00:00Z',
    paidAmount: 0, dueAfter: 899.5,
  },
];

const row = (name: RegExp) => screen.getByRole('row', { name });

/** The server's paged answer, filtered by the URL's status and q as the API does. */
function pageOf(url: string, list: object[]) {
  const params = new URL(url).searchParams;
  const q = (params.get('q') ?? '').toLowerCase();
  const items = (list as typeof PAYMENTS).filter((p) => (!params.get('status') || p.status === params.get('status'))
    && (!q || [p.user.username, p.user.email, p.program.title].some((v) => v.toLowerCase().includes(q))));
  return { items, total: items.length, page: Number(params.get('page') ?? 1), limit: Number(params.get('limit') ?? 20) };
}
const serve = (list: object[]) => ({ url }: { url: string }) => ({ body: url.includes('/api/admin/payments') ? pageOf(url, list) : [] });

test('without a token says "You are not authorized to view this page." and asks nothing', () => {
  const { seen } = mockFetch(pending);
  renderWithProviders(<PaymentsSection />);
  expect(screen.getByRole('alert')).toHaveTextContent('You are not authorized to view this page.');
  expect(seen).toHaveLength(0);
});

test('shows "Loading payments..." while loading', async () => {
  signIn();
  mockFetch(pending);
  renderWithProviders(<PaymentsSection />);
  expect(await screen.findByText('Loading payments...')).toBeInTheDocument();
});

test('shows "No payments found." for an empty list', async () => {
  signIn();
  mockFetch(serve([]));
  renderWithProviders(<PaymentsSection />);
  expect(await screen.findByText('No payments found.')).toBeInTheDocument();
});

test('a failed list shows "Error {status}: Failed to fetch payments"', async () => {
  signIn();
  mockFetch(() => ({ status: 403, body: { error: 'Forbidden', message: 'Admins only' } }));
  renderWithProviders(<PaymentsSection />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Error 403: Failed to fetch payments');
});

test('lists payments with the bearer: columns, user, program, amounts, due, status colour and date', async () => {
  const token = signIn();
  const { seen } = mockFetch(serve(PAYMENTS));
  renderWithProviders(<PaymentsSection />);
  const table = await screen.findByRole('table');
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/admin/payments?page=1&limit=20&sort=-createdAt` });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'Payment ID', 'User', 'Program', 'Amount Paid', 'Due Amount', 'Currency', 'PayPal Order ID', 'Status', 'Created At',
  ]);
  const cells = (r: HTMLElement) => within(r).getAllByRole('cell').map((td) => td.textContent);
  expect(cells(row(/alice/))).toEqual([
    'p-1', 'alicealice@example.com', 'Medical Billing$1,200', '$1,200', 'Paid in Full', 'USD', 'ORDER-1', 'COMPLETEDRefund', '05.03.2024',
  ]);
  expect(cells(row(/bob/))).toEqual([
    'p-2', 'bobbob@example.com', 'Phlebotomy$899.50', '$0Ordered $500', '$899.50', 'USD', 'ORDER-2', 'CREATED', '20.04.2024',
  ]);
  expect(within(row(/alice/)).getByText('COMPLETED')).toHaveClass('completed');
  expect(within(row(/bob/)).getByText('CREATED')).toHaveClass('notCompleted');
});

test('a CANCELLED order is not paid: $0 under Amount Paid (with what was ordered) and the balance as the API has it', async () => {
  signIn();
  const cancelled = {
    ...PAYMENTS[0], _id: 'p-4', program: { title: 'Network Administration', price: 1850 }, amount: 1850,
    status: 'CANCELLED', paidAmount: 0, dueAfter: 1850,
  };
  mockFetch(serve([cancelled]));
  renderWithProviders(<PaymentsSection />);
  await screen.findByRole('table');
  const cells = within(row(/alice/)).getAllByRole('cell').map((td) => td.textContent);
  expect(cells.slice(3, 5)).toEqual(['$0Ordered $1,850', '$1,850']);
  expect(within(row(/alice/)).queryByText('Paid in Full')).not.toBeInTheDocument();
});

test('Due Amount is the program balance after that payment, earlier payments of the same program included', async () => {
  signIn();
  const program = { title: 'Pharmacy Technician', price: 1800 };
  const base = { ...PAYMENTS[0], program, status: 'COMPLETED' };
  mockFetch(serve([
    { ...base, _id: 'p-6', amount: 1200, paidAmount: 1200, dueAfter: 0, paypalOrderId: 'ORDER-6', createdAt: '2024-05-02T10:00:00Z' },
    { ...base, _id: 'p-5', amount: 600, paidAmount: 600, dueAfter: 1200, paypalOrderId: 'ORDER-5', createdAt: '2024-05-01T10:00:00Z' },
  ]));
  renderWithProviders(<PaymentsSection />);
  await screen.findByRole('table');
  expect(within(row(/ORDER-6/)).getAllByRole('cell')[4]).toHaveTextContent('Paid in Full');
  expect(within(row(/ORDER-5/)).getAllByRole('cell')[4]).toHaveTextContent('$1,200');
});

test('each cell names its column, so a phone can show a row as a card', async () => {
  signIn();
  mockFetch(serve(PAYMENTS));
  renderWithProviders(<PaymentsSection />);
  await screen.findByRole('table');
  expect(within(row(/alice/)).getAllByRole('cell').map((td) => td.getAttribute('data-label'))).toEqual([
    'Payment ID', 'User', 'Program', 'Amount Paid', 'Due Amount', 'Currency', 'PayPal Order ID', 'Status', 'Created At',
  ]);
});

test('a payment PayPal captured above what was due says how much is to be refunded', async () => {
  signIn();
  mockFetch(serve([{ ...PAYMENTS[0], _id: 'p-3', refundDue: 650 }]));
  renderWithProviders(<PaymentsSection />);
  await screen.findByRole('table');
  expect(within(row(/alice/)).getByText('Refund due: $650')).toBeInTheDocument();
});

test('asks the server for a status, search words (once typing pauses) and an order, and pages through the rest', async () => {
  signIn();
  const many = Array.from({ length: 45 }, (_, i) => ({ ...PAYMENTS[0], _id: `m-${i}`, paypalOrderId: `ORDER-M${i}` }));
  const { seen } = mockFetch(({ url }) => {
    const params = new URL(url).searchParams;
    if (!url.includes('/api/admin/payments')) return { body: [] };
    if (params.get('q') || params.get('status')) return { body: pageOf(url, PAYMENTS) };
    const page = Number(params.get('page'));
    return { body: { items: many.slice((page - 1) * 20, page * 20), total: 45, page, limit: 20 } };
  });
  renderWithProviders(<PaymentsSection />);
  expect(await screen.findByText('Showing 1-20 of 45 payments')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Showing 21-40 of 45 payments')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'CREATED');
  expect(await screen.findByText('Showing 1-1 of 1 payments')).toBeInTheDocument();
  expect(row(/bob/)).toBeInTheDocument();
  expect(seen.at(-1)?.url).toBe(`${API}/api/admin/payments?page=1&limit=20&sort=-createdAt&status=CREATED`);
  await userEvent.selectOptions(screen.getByLabelText('Status'), '');
  await userEvent.type(screen.getByLabelText('Search by user or program'), 'medical');
  expect(await screen.findByText('Showing 1-1 of 1 payments')).toBeInTheDocument();
  expect(row(/alice/)).toBeInTheDocument();
  expect(seen.filter((r) => r.url.includes('q=m')).map((r) => r.url)).toEqual([`${API}/api/admin/payments?page=1&limit=20&sort=-createdAt&q=medical`]);
  await userEvent.selectOptions(screen.getByLabelText('Sort by'), '-amount');
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(seen.at(-1)?.url).toBe(`${API}/api/admin/payments?page=1&limit=20&sort=-amount&q=medical`);
  await userEvent.clear(screen.getByLabelText('Search by user or program'));
  await userEvent.type(screen.getByLabelText('Search by user or program'), 'nobody');
  expect(await screen.findByText('No payments match the filters.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});

test('Export CSV downloads every payment the filters match, not only the page shown', async () => {
  signIn();
  const { seen } = mockFetch(serve(PAYMENTS));
  renderWithProviders(<PaymentsSection />);
  await screen.findByRole('table');
  await userEvent.type(screen.getByLabelText('Search by user or program'), 'bob');
  expect(await screen.findByText('Showing 1-1 of 1 payments')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await screen.findByRole('button', { name: 'Export CSV' });
  expect(downloadMock).toHaveBeenCalledTimes(1);
  expect(seen.at(-1)?.url).toBe(`${API}/api/admin/payments?page=1&limit=100&sort=-createdAt&q=bob`);
  const [name, content, type] = downloadMock.mock.calls[0]!;
  expect(name).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(type).toBe('text/csv;charset=utf-8');
  expect(typeof content).toBe('string');
  expect((content as string).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
    'Payment ID,Username,Email,Program,Program Price,Order Amount,Amount Paid,Due Amount,Currency,PayPal Order ID,Status,Created At',
    'p-2,bob,bob@example.com,Phlebotomy,899.5,500,0,899.5,USD,ORDER-2,CREATED,2024-04-20T10:00:00Z',
  ]);
});

test('refunds part of a completed payment through the API and lists mail that could not be sent', async () => {
  signIn();
  const { seen } = mockFetch(({ url, method }) => {
    if (url.endsWith('/api/emails/unsent')) return { body: [{ _id: 'e1', kind: 'receipt', to: 'alice@example.com', status: 'FAILED', attempts: 8, lastError: 'EmailJS answered 500', nextAttemptAt: null, createdAt: '2024-03-05T10:00:00Z' }] };
    if (method === 'POST') return { body: { message: 'Refunded $100.', payment: { ...PAYMENTS[0], status: 'PARTIALLY_REFUNDED', refunded: 100 } } };
    return { body: pageOf(url, PAYMENTS) };
  });
  renderWithProviders(<PaymentsSection />);
  expect(await screen.findByRole('heading', { name: 'Emails not sent' })).toBeInTheDocument();
  expect(screen.getByText(/receipt to alice@example.com/)).toBeInTheDocument();
  // Only settled payments offer a refund.
  expect(within(row(/bob/)).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  await userEvent.click(within(row(/alice/)).getByRole('button', { name: 'Refund payment ORDER-1' }));
  await userEvent.type(screen.getByLabelText(/Amount/), '100');
  await userEvent.type(screen.getByLabelText('Reason'), 'Dropped the course');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
  await screen.findAllByRole('button', { name: 'Refund payment ORDER-1' });
  const post = seen.find((r) => r.method === 'POST');
  expect(post).toMatchObject({ url: `${API}/api/payments/p-1/refunds`, body: { amount: 100, reason: 'Dropped the course' } });
});

test('a row opens the student\'s balance for that program above the table (issue 30)', async () => {
  signIn();
  const list = [{ ...PAYMENTS[0], userId: 'u-1', programId: 'c-1' }, { ...PAYMENTS[1], userId: null, programId: 'c-2' }];
  mockFetch(serve(list));
  // The ledger panel is the admin page's to hand in (features do not import each other); its own tests cover it.
  const Panel = ({ userId, focusProgramId }: { userId: string; focusProgramId?: string | undefined }) => <p>Ledger of {userId} for {focusProgramId}</p>;
  const user = userEvent.setup();
  renderWithProviders(<PaymentsSection ledgerPanel={Panel} />);
  await screen.findByRole('row', { name: /alice/ });
  // A payment of a deleted account has no balance to open.
  expect(within(row(/bob/)).queryByRole('button', { name: /^Balance of/ })).not.toBeInTheDocument();
  await user.click(within(row(/alice/)).getByRole('button', { name: 'Balance of alice for Medical Billing' }));
  const region = await screen.findByRole('region', { name: 'Balance of alice' });
  expect(within(region).getByRole('heading', { name: 'Balance of alice' })).toHaveFocus();
  expect(within(region).getByText('Ledger of u-1 for c-1')).toBeInTheDocument();
  await user.click(within(region).getByRole('button', { name: 'Close balance' }));
  expect(screen.queryByRole('region', { name: 'Balance of alice' })).not.toBeInTheDocument();
});
