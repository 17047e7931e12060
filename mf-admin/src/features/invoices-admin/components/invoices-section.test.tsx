import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminInvoice, ClassSession } from '@institute/shared/contract';
import { API, mockFetch, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../../testing/test-utils';
import { INVOICE_FORM_TEXT } from './invoice-form';
import { InvoicesSection } from './invoices-section';

const COURSES = [{ _id: 'c-1', title: 'Medical Assistant' }];
const session = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 's-1', courseId: 'c-1', programId: null, startsOn: '2099-01-12', endsOn: '2099-03-20', schedule: 'Mon/Wed 6-9 pm',
  mode: 'in_person', address: '12 Main St', seats: 12, seatsTaken: 2, seatsLeft: 10, enrollmentDeadline: '2099-01-05', status: 'open',
  waitlistLength: 0, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', ...over,
});
const user = (id: string, name: string) => ({ _id: id, username: name, email: `${name}@example.com`, role: 'user', createdAt: '2026-11-01T00:00:00Z', legalName: null });
const INVOICE: AdminInvoice = {
  id: 'i-1', number: 'INV-2026-0003', status: 'open', currency: 'USD', total: 2400, issuedAt: '2026-11-20T10:00:00Z', dueOn: '2026-12-20',
  organization: { name: 'Acme Logistics', address: '12 Harbor Road' }, contact: { name: 'Dana Reyes', email: 'dana@acme.test' },
  lines: [
    { student: 'ann', studentId: 'u-1', program: 'Medical Assistant', programId: 'c-1', sessionStartsOn: '2099-01-12', amount: 1200 },
    { student: 'ben', studentId: 'u-2', program: 'Medical Assistant', programId: 'c-1', sessionStartsOn: '2099-01-12', amount: 1200 },
  ],
  paid: null, voided: null, payUrl: 'http://localhost:3000/invoices/ABCDEFGHJKMNPQRSTVWXYZ23/pay',
  institute: { name: 'Northbridge Career Institute', address: '1 Main St', phone: '555-0100', email: 'info@example.com' },
};

beforeEach(() => signIn({ role: 'admin' }));

function serve(list: AdminInvoice[], extra: (req: SeenRequest) => FakeReply | undefined = () => undefined) {
  return mockFetch((req) => {
    const own = extra(req);
    if (own) return own;
    const url = new URL(req.url);
    if (req.method === 'GET' && url.pathname === '/api/admin/invoices') return { body: list };
    if (url.pathname === '/api/courses' && url.searchParams.get('fields') === 'card') return { body: { items: COURSES, total: 1, nextCursor: null } };
    if (url.pathname === '/api/quick-programs') return { body: { items: [], total: 0, nextCursor: null } };
    if (req.url === `${API}/api/sessions?courseId=c-1&all=1`) return { body: [session(), session({ id: 's-2', status: 'closed', startsOn: '2099-02-01' })] };
    if (url.pathname === '/api/admin/users') {
      const q = url.searchParams.get('q');
      const found = [user('u-1', 'ann'), user('u-2', 'ben')].filter((u) => u.email === q);
      return { body: { items: found, total: found.length, page: 1, limit: 10 } };
    }
    return { status: 404, body: { error: 'Not Found', message: 'nothing here' } };
  });
}

test('lists invoices with their organization, seats, total, due day and status, each number linking to its page', async () => {
  serve([INVOICE, { ...INVOICE, id: 'i-2', number: 'INV-2026-0002', status: 'paid' }]);
  renderWithProviders(<InvoicesSection />);
  const row = await screen.findByRole('row', { name: /INV-2026-0003/ });
  expect(within(row).getByText('2 seats')).toBeInTheDocument();
  expect(within(row).getByText('$2,400.00')).toBeInTheDocument();
  expect(within(row).getByText('Open')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'INV-2026-0003' })).toHaveAttribute('href', '/invoices/ABCDEFGHJKMNPQRSTVWXYZ23/pay');
  const paid = screen.getByRole('row', { name: /INV-2026-0002/ });
  expect(within(paid).queryByRole('button')).not.toBeInTheDocument();
});

test('issues an invoice for two students found by email into an open session, and shows the server\'s message with the link', async () => {
  const u = userEvent.setup();
  const { seen } = serve([], (req) => (req.method === 'POST' && req.url === `${API}/api/admin/invoices`
    ? { status: 201, body: { message: 'Invoice INV-2026-0003 issued for $2,400 and emailed to dana@acme.test.', invoice: INVOICE } }
    : undefined));
  renderWithProviders(<InvoicesSection />);
  await u.click(await screen.findByRole('button', { name: 'New invoice' }));
  await u.type(screen.getByLabelText('Organization'), 'Acme Logistics');
  await u.type(screen.getByLabelText('Organization address'), '12 Harbor Road');
  await u.type(screen.getByLabelText('Contact name'), 'Dana Reyes');
  await u.type(screen.getByLabelText('Contact email'), 'dana@acme.test');
  await u.type(screen.getByRole('combobox', { name: 'Course or program' }), 'medical');
  await u.click(await screen.findByRole('option', { name: /Medical Assistant/ }));
  const sessionSelect = await screen.findByLabelText('Class session');
  // Only sessions still taking students are offered.
  expect(within(sessionSelect).getAllByRole('option')).toHaveLength(2);
  await u.selectOptions(sessionSelect, 's-1');
  await u.type(screen.getByLabelText('Student email'), 'nobody@example.com');
  await u.click(screen.getByRole('button', { name: 'Add student' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(INVOICE_FORM_TEXT.noStudent);
  await u.clear(screen.getByLabelText('Student email'));
  await u.type(screen.getByLabelText('Student email'), 'ann@example.com{Enter}');
  await u.type(screen.getByLabelText('Student email'), 'ben@example.com');
  await u.click(screen.getByRole('button', { name: 'Add student' }));
  const list = await screen.findByRole('list', { name: 'Students on this invoice' });
  await within(list).findByText('(ben@example.com)');
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  await u.click(screen.getByRole('button', { name: 'Issue invoice' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Invoice INV-2026-0003 issued for $2,400 and emailed to dana@acme.test.');
  expect(screen.getByRole('link', { name: 'Open the invoice' })).toHaveAttribute('href', '/invoices/ABCDEFGHJKMNPQRSTVWXYZ23/pay');
  expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
    organization: { name: 'Acme Logistics', address: '12 Harbor Road' }, contact: { name: 'Dana Reyes', email: 'dana@acme.test' },
    dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    lines: [{ userId: 'u-1', programId: 'c-1', sessionId: 's-1' }, { userId: 'u-2', programId: 'c-1', sessionId: 's-1' }],
  });
});

test("records the whole total paid by check, and shows the server's refusal when voiding fails", async () => {
  const u = userEvent.setup();
  const { seen } = serve([INVOICE], (req) => {
    if (req.url === `${API}/api/admin/invoices/i-1/payments`) return { body: { message: 'Invoice INV-2026-0003 is paid: $2,400 recorded.', invoice: { ...INVOICE, status: 'paid' } } };
    if (req.url === `${API}/api/admin/invoices/i-1/void`) return { status: 409, body: { error: 'Conflict', message: 'A paid invoice cannot be voided: refund the organization instead.' } };
    return undefined;
  });
  renderWithProviders(<InvoicesSection />);
  await u.click(await screen.findByRole('button', { name: 'Settle or void invoice INV-2026-0003' }));
  await u.click(screen.getByRole('button', { name: 'Void invoice' }));
  await u.type(screen.getByLabelText('Reason'), 'Employer cancelled');
  await u.click(within(screen.getByRole('form', { name: 'Void invoice INV-2026-0003' })).getByRole('button', { name: 'Void invoice' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('A paid invoice cannot be voided: refund the organization instead.');
  await u.click(screen.getByRole('button', { name: 'Record payment', pressed: false }));
  await u.type(screen.getByLabelText('Reference'), 'Check 2231');
  await u.click(within(screen.getByRole('form', { name: 'Record the payment of invoice INV-2026-0003' })).getByRole('button', { name: 'Record payment' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Invoice INV-2026-0003 is paid: $2,400 recorded.');
  expect(seen.find((r) => r.url.endsWith('/payments'))?.body).toEqual({ amount: 2400, method: 'check', reference: 'Check 2231', paidOn: expect.stringMatching(/^\d{4}-/) });
});
