import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, signIn, student } from '../../testing/test-utils';
import ReceiptPage from './receipt-page';

const RECEIPT = {
  paymentId: 'pay1', receiptNumber: '2026-000007', issuedAt: '2026-11-20T10:00:00Z', status: 'COMPLETED',
  student: { username: 'Maya', email: 'maya@example.com' }, program: 'Pharmacy Technician', amount: 600, refunded: 0,
  currency: 'USD', balanceLeft: 1200, paypalOrderId: 'ORDER1',
  institute: { name: 'Northbridge Career Institute', address: '1 Main St', phone: '555-0100', email: 'info@example.com' },
};

describe('ReceiptPage', () => {
  it('prints the enrollment agreement version the seat was taken under', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { ...RECEIPT, agreement: { version: 3, acceptedAt: '2026-11-19T08:00:00Z' } } }));
    renderWithProviders(<ReceiptPage />, { route: '/receipts/pay1', path: '/receipts/:id' });
    expect(await screen.findByRole('heading', { name: 'Receipt 2026-000007' })).toBeInTheDocument();
    expect(screen.getByText('Enrollment agreement').nextSibling).toHaveTextContent('Version 3, accepted 19.11.2026');
  });

  it('has no agreement line for a payment that bought no seat', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { ...RECEIPT, agreement: null } }));
    renderWithProviders(<ReceiptPage />, { route: '/receipts/pay1', path: '/receipts/:id' });
    expect(await screen.findByRole('heading', { name: 'Receipt 2026-000007' })).toBeInTheDocument();
    expect(screen.queryByText('Enrollment agreement')).not.toBeInTheDocument();
  });

  it('names the student by their legal name when they gave one, else by username', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { ...RECEIPT, student: { username: 'Maya', email: 'maya@example.com', legalName: 'Maya Kovač' } } }));
    const { unmount } = renderWithProviders(<ReceiptPage />, { route: '/receipts/pay1', path: '/receipts/:id' });
    expect(await screen.findByText('Student')).toBeInTheDocument();
    expect(screen.getByText('Student').nextSibling).toHaveTextContent('Maya Kovač (maya@example.com)');
    unmount();
    mockFetch(() => ({ body: { ...RECEIPT, student: { username: 'Maya', email: 'maya@example.com', legalName: null } } }));
    renderWithProviders(<ReceiptPage />, { route: '/receipts/pay1', path: '/receipts/:id' });
    expect(await screen.findByText('Student')).toBeInTheDocument();
    expect(screen.getByText('Student').nextSibling).toHaveTextContent('Maya (maya@example.com)');
  });
});
