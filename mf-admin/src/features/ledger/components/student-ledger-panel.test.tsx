import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerProgram, StudentLedger } from '@institute/shared/contract';
import { API, mockFetch, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../../testing/test-utils';
import { StudentLedgerPanel } from './student-ledger-panel';

const today = new Date().toISOString().slice(0, 10);
const CASH = {
  _id: 'pay-1', user: { username: 'dana', email: 'dana@example.com' }, program: { title: 'Medical Billing', price: 1200 }, amount: 300,
  currency: 'USD', paypalOrderId: null, status: 'COMPLETED', paidAmount: 300, receiptNumber: '2026-000041', dueAfter: 900,
  offline: { method: 'Cash', reference: 'Desk 4', paidOn: '2026-11-20', note: null, voidReason: null }, createdAt: '2026-11-20T10:00:00Z',
} as const;
const program = (over: Partial<LedgerProgram> = {}): LedgerProgram => ({
  programId: 'c-1', kind: 'course', title: 'Medical Billing', balance: { price: 1200, paid: 300, credit: 0, due: 900 },
  enrollments: [{ id: 'e-1', sessionId: 's-1', startsOn: '2027-01-12', status: 'enrolled' }],
  offlinePayments: [CASH as unknown as LedgerProgram['offlinePayments'][number]], adjustments: [], ...over,
});
const ledgerOf = (p: LedgerProgram): StudentLedger => ({ user: { id: 'u-1', username: 'dana', email: 'dana@example.com' }, programs: [p] });

beforeEach(() => {
  signIn({ role: 'admin' });
});

/** The student's ledger as the server answers it now; `write` answers the ledger's POSTs. */
function serve(write: (req: SeenRequest) => FakeReply | undefined, ledgers: StudentLedger[]) {
  let reads = 0;
  return mockFetch((req) => {
    if (req.method === 'GET' && req.url === `${API}/api/admin/ledger/students/u-1`) {
      const answer = ledgers[Math.min(reads, ledgers.length - 1)]!;
      reads += 1;
      return { body: answer };
    }
    if (req.method === 'GET' && req.url.startsWith(`${API}/api/sessions?`)) return { body: [] };
    return write(req) ?? { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  });
}

test('records a cash payment: checks the fields first, shows the server refusal verbatim, then the new balance', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  const { seen } = serve((req) => {
    if (req.method !== 'POST' || req.url !== `${API}/api/admin/ledger/offline-payments`) return undefined;
    attempts += 1;
    return attempts === 1
      ? { status: 409, body: { error: 'Conflict', message: 'The amount is above the balance due ($900). Record at most $900, or choose to keep the excess as a credit.' } }
      : { status: 201, body: { message: 'Recorded $1,000 (receipt 2026-000042); $100 above the balance is kept as a credit.', payment: CASH, balance: { price: 1200, paid: 1300, credit: 0, due: 0 } } };
  }, [ledgerOf(program()), ledgerOf(program({ balance: { price: 1200, paid: 1300, credit: 0, due: 0 } }))]);
  renderWithProviders(<StudentLedgerPanel userId="u-1" />);
  const section = await screen.findByRole('region', { name: 'Medical Billing' });
  expect(within(section).getByLabelText('Balance of Medical Billing')).toHaveTextContent('Balance due$900');

  await user.click(within(section).getByRole('button', { name: 'Record payment' }));
  const dialog = screen.getByRole('dialog', { name: 'Record payment: Medical Billing' });
  expect(dialog).toHaveFocus();
  // Nothing sent while the amount is not money.
  await user.type(within(dialog).getByLabelText('Amount (USD)'), '10.001');
  await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  expect(within(dialog).getByText('Enter an amount in dollars above 0, with at most two decimals.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
  expect(seen.some((r) => r.method === 'POST')).toBe(false);

  await user.clear(within(dialog).getByLabelText('Amount (USD)'));
  await user.type(within(dialog).getByLabelText('Amount (USD)'), '1000');
  expect(within(dialog).getByText('This is above the balance due ($900): the server will refuse it.')).toBeInTheDocument();
  await user.selectOptions(within(dialog).getByLabelText('Method'), 'check');
  await user.type(within(dialog).getByLabelText('Reference (check number, transfer id; optional)'), 'Check 1042');
  await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'The amount is above the balance due ($900). Record at most $900, or choose to keep the excess as a credit.');

  await user.click(within(dialog).getByLabelText('Record it all and keep the excess as a credit'));
  expect(within(dialog).getByText('$100 above the balance due will be kept as a credit.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('status')).toHaveTextContent('Recorded $1,000 (receipt 2026-000042); $100 above the balance is kept as a credit.');
  await waitFor(() => expect(screen.getByLabelText('Balance of Medical Billing')).toHaveTextContent('Balance due$0'));

  const posts = seen.filter((r) => r.method === 'POST');
  expect(posts[1]?.body).toEqual({
    id: (posts[0]?.body as { id: string }).id, userId: 'u-1', programId: 'c-1', amount: 1000, method: 'check', paidOn: today,
    overBalance: 'credit', reference: 'Check 1042',
  });
  // The retry carried the same id: a doubled request records nothing twice.
  expect((posts[0]?.body as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
});

test('adds a scholarship with a reason; the reason is required and the server refusal is shown as sent', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  const { seen } = serve((req) => {
    if (req.method !== 'POST' || req.url !== `${API}/api/admin/ledger/adjustments`) return undefined;
    attempts += 1;
    return attempts === 1
      ? { status: 409, body: { error: 'Conflict', message: 'A credit cannot exceed the balance due ($900).' } }
      : { status: 201, body: { message: 'Granted a credit of $400.', adjustment: {}, balance: { price: 1200, paid: 300, credit: 400, due: 500 } } };
  }, [ledgerOf(program()), ledgerOf(program({ balance: { price: 1200, paid: 300, credit: 400, due: 500 } }))]);
  renderWithProviders(<StudentLedgerPanel userId="u-1" />);
  await user.click(await screen.findByRole('button', { name: 'Add credit' }));
  const dialog = screen.getByRole('dialog', { name: 'Add credit: Medical Billing' });
  await user.type(within(dialog).getByLabelText('Amount (USD)'), '950');
  await user.click(within(dialog).getByRole('button', { name: 'Add credit' }));
  expect(within(dialog).getByText('Enter the reason for this credit.')).toBeInTheDocument();
  expect(seen.some((r) => r.method === 'POST')).toBe(false);
  await user.type(within(dialog).getByLabelText('Reason'), 'Merit scholarship');
  await user.click(within(dialog).getByRole('button', { name: 'Add credit' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('A credit cannot exceed the balance due ($900).');
  await user.clear(within(dialog).getByLabelText('Amount (USD)'));
  await user.type(within(dialog).getByLabelText('Amount (USD)'), '400');
  await user.click(within(dialog).getByRole('button', { name: 'Add credit' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('status')).toHaveTextContent('Granted a credit of $400.');
  await waitFor(() => expect(screen.getByLabelText('Balance of Medical Billing')).toHaveTextContent('Credits$400'));
  expect(seen.filter((r) => r.method === 'POST')[1]?.body).toMatchObject({ kind: 'scholarship', amount: 400, reason: 'Merit scholarship' });
});

test('voids a cash payment with a required reason; Escape closes the dialog and gives focus back', async () => {
  const user = userEvent.setup();
  let voids = 0;
  const voided = { ...CASH, status: 'VOIDED', offline: { ...CASH.offline, voidReason: 'Recorded twice' } };
  const { seen } = serve((req) => {
    if (req.method !== 'POST' || req.url !== `${API}/api/admin/ledger/offline-payments/pay-1/void`) return undefined;
    voids += 1;
    return voids === 1
      ? { status: 409, body: { error: 'Conflict', message: 'This was already voided on 2026-11-21.' } }
      : { body: voided };
  }, [ledgerOf(program()), ledgerOf(program({
    balance: { price: 1200, paid: 0, credit: 0, due: 1200 }, offlinePayments: [voided as unknown as LedgerProgram['offlinePayments'][number]],
  }))]);
  renderWithProviders(<StudentLedgerPanel userId="u-1" />);
  const opener = await screen.findByRole('button', { name: 'Void Cash $300, receipt 2026-000041' });
  await user.click(opener);
  expect(screen.getByRole('dialog', { name: 'Void payment' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();

  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Void payment' });
  await user.click(within(dialog).getByRole('button', { name: 'Void' }));
  expect(within(dialog).getByText('Enter the reason for voiding it.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Reason'), 'Recorded twice');
  await user.click(within(dialog).getByRole('button', { name: 'Void' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This was already voided on 2026-11-21.');
  await user.click(within(dialog).getByRole('button', { name: 'Void' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByLabelText('Balance of Medical Billing')).toHaveTextContent('Balance due$1,200'));
  expect(screen.getByText('Voided: Recorded twice')).toBeInTheDocument();
  expect(seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ reason: 'Recorded twice' }, { reason: 'Recorded twice' }]);
});

test('enrolls manually into a session with seats; a full session is the server sentence', async () => {
  const user = userEvent.setup();
  const SESSION = {
    id: 's-9', courseId: 'c-2', programId: null, startsOn: '2099-02-01', endsOn: '2099-04-01', schedule: 'Tue/Thu 6-9 pm', mode: 'online',
    address: null, seats: 10, seatsTaken: 9, seatsLeft: 1, enrollmentDeadline: '2099-01-25', status: 'open', waitlistLength: 0,
    createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
  };
  let attempts = 0;
  const { seen } = mockFetch((req) => {
    const url = new URL(req.url);
    if (req.url === `${API}/api/admin/ledger/students/u-1`) return { body: { user: { id: 'u-1', username: 'dana', email: 'd@x.test' }, programs: [] } };
    if (url.pathname === '/api/courses' && url.searchParams.get('fields') === 'card') return { body: { items: [{ _id: 'c-2', title: 'Phlebotomy', price: 900 }], total: 1, nextCursor: null } };
    if (url.pathname === '/api/quick-programs') return { body: { items: [], total: 0, nextCursor: null } };
    if (url.pathname === '/api/sessions' && url.searchParams.get('courseId') === 'c-2') return { body: [SESSION] };
    if (req.method === 'POST' && url.pathname === '/api/admin/ledger/enrollments') {
      attempts += 1;
      return attempts === 1
        ? { status: 409, body: { error: 'Conflict', message: 'This session is full.' } }
        : { status: 201, body: { id: 'e-9', session: null, title: 'Phlebotomy', status: 'enrolled', amountPaid: 0, balanceDue: 900, agreementVersion: null, acceptedAt: null, history: [] } };
    }
    return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  });
  renderWithProviders(<StudentLedgerPanel userId="u-1" />);
  expect(await screen.findByText('dana has no balance yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Enroll manually' }));
  const dialog = screen.getByRole('dialog', { name: 'Enroll manually: dana' });
  await user.click(within(dialog).getByRole('button', { name: 'Enroll with nothing paid' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a course or program from the suggestions.');
  await user.type(within(dialog).getByRole('combobox', { name: 'Course or program' }), 'phleb');
  await user.click(await within(dialog).findByRole('option', { name: /Phlebotomy/ }));
  const session = await within(dialog).findByLabelText('Class session');
  expect(within(session).getByRole('option', { name: /Starts .* · Tue\/Thu 6-9 pm · 1 of 10 seats left/ })).toBeInTheDocument();
  await user.selectOptions(session, 's-9');
  await user.click(within(dialog).getByRole('button', { name: 'Enroll with nothing paid' }));
  expect(await within(dialog).findByText('This session is full.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Enroll with nothing paid' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('status')).toHaveTextContent('dana is enrolled in Phlebotomy with nothing paid.');
  expect(seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
    { userId: 'u-1', programId: 'c-2', sessionId: 's-9' }, { userId: 'u-1', programId: 'c-2', sessionId: 's-9' },
  ]);
});
