import { fireEvent, screen, within } from '@testing-library/react';
import { API, mockFetch, renderWithProviders } from '../../testing/test-utils';
import InvoicePayPage, { INVOICE_PAGE_TEXT } from './invoice-pay-page';
import { redirect } from './redirect';

jest.mock('./redirect', () => ({ redirect: jest.fn() }));
const assign = jest.mocked(redirect);

const CODE = 'ABCDEFGHJKMNPQRSTVWXYZ23';
const INVOICE = {
  id: 'inv1', number: 'INV-2026-0007', status: 'open', currency: 'USD', total: 2400, issuedAt: '2026-11-20T10:00:00Z', dueOn: '2026-12-20',
  organization: { name: 'Acme Logistics', address: '12 Harbor Road' }, contact: { name: 'Dana Reyes', email: 'dana@acme.test' },
  lines: [
    { student: 'Maya Chen', studentId: 'u1', program: 'Pharmacy Technician', programId: 'p1', sessionStartsOn: '2027-01-11', amount: 1200 },
    { student: 'Leo Park', studentId: 'u2', program: 'Pharmacy Technician', programId: 'p1', sessionStartsOn: '2027-01-11', amount: 1200 },
  ],
  paid: null, voided: null,
  institute: { name: 'Northbridge Career Institute', address: '1 Main St', phone: '555-0100', email: 'info@example.com' },
};
const PAID = { ...INVOICE, status: 'paid', paid: { at: '2026-11-21T09:00:00Z', via: 'paypal', method: null, reference: null, paidOn: null } };
const page = (search = '') => renderWithProviders(<InvoicePayPage />, { route: `/invoices/${CODE}/pay${search}`, path: '/invoices/:code/pay' });

describe('InvoicePayPage', () => {
  beforeEach(() => assign.mockReset());

  it('shows the invoice with its seats and total, and sends the payer to PayPal with the total it shows', async () => {
    const { seen } = mockFetch((req) => (req.method === 'POST'
      ? { status: 201, body: { orderID: 'ORDER9', approvalUrl: 'http://paypal.test/checkoutnow?token=ORDER9' } }
      : { body: INVOICE }));
    page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2026-0007' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Maya Chen/ })).toHaveTextContent('$1,200.00');
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('$2,400.00');
    expect(screen.getByText('Status').nextSibling).toHaveTextContent('Open');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $2,400.00 with PayPal' }));
    await screen.findByRole('button', { name: INVOICE_PAGE_TEXT.redirecting });
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({ url: `${API}/api/invoices/${CODE}/order`, body: { amount: 2400 } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(assign).toHaveBeenCalledWith('http://paypal.test/checkoutnow?token=ORDER9');
  });

  it("captures the order PayPal sent the payer back with, once, and shows the invoice paid", async () => {
    const { seen } = mockFetch((req) => (req.method === 'POST' ? { body: PAID } : { body: INVOICE }));
    page('?token=ORDER9&PayerID=P1');
    expect(await screen.findByText(INVOICE_PAGE_TEXT.paid)).toBeInTheDocument();
    expect(screen.getByText('Status').nextSibling).toHaveTextContent('Paid');
    expect(screen.getByText(/^Paid with PayPal on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /with PayPal/ })).not.toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([expect.objectContaining({ url: `${API}/api/invoices/${CODE}/capture`, body: { orderID: 'ORDER9' } })]);
  });

  it("shows the server's sentence when the invoice cannot be paid, and a cancelled return says nothing was charged", async () => {
    mockFetch((req) => (req.method === 'POST'
      ? { status: 409, body: { error: 'Conflict', message: 'This invoice is already paid. Nothing was charged.' } }
      : { body: INVOICE }));
    page('?cancelled=1&token=ORDER9');
    expect(await screen.findByText(INVOICE_PAGE_TEXT.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $2,400.00 with PayPal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice is already paid. Nothing was charged.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when the link is wrong', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'Not Found', message: 'Invoice not found.' } }));
    page();
    expect(await screen.findByText(INVOICE_PAGE_TEXT.notFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice' })).toBeInTheDocument();
  });
});
