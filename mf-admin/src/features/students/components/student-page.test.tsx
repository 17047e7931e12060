import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Certificate, StudentRecord } from '@institute/shared/contract';
import { mockFetch, renderWithProviders, signIn, type SeenRequest } from '../../../testing/test-utils';
import { STUDENT_NOT_FOUND, StudentPage } from './student-page';

const session = {
  id: 's1', courseId: 'p1', programId: null, startsOn: '2026-01-12', endsOn: '2026-03-20', schedule: 'Mon/Wed 6-9 pm', mode: 'online' as const,
  address: null, seats: 12, seatsTaken: 9, seatsLeft: 3, enrollmentDeadline: '2026-01-05', status: 'open' as const, waitlistLength: 0,
  createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', title: 'Pharmacy Technician',
};
const enrollment = { id: 'e1', session, title: 'Pharmacy Technician', status: 'paid_in_full' as const, amountPaid: 1800, balanceDue: 0, agreementVersion: 2, acceptedAt: '2026-01-02T09:00:00Z', history: [] };
const certificate: Certificate = {
  id: 'c1', enrollmentId: 'e1', number: 'C2026-000004', code: 'ABCDEFGHJKMNPQRSTWXY', studentName: 'Maya Kovač', program: 'Pharmacy Technician',
  credential: null, totalHours: null, startsOn: null, endsOn: null, issuedAt: '2026-03-21T10:00:00Z', status: 'valid', revokedAt: null, revokeReason: null,
  institute: { name: 'Northbridge Career Institute', address: '', phone: '', email: '' },
};
const BALANCE_DUE = 'This enrollment still has $300.00 due: record the payment or an adjustment first.';

function record(over: Partial<StudentRecord> = {}): StudentRecord {
  return {
    user: { _id: 'u1', username: 'maya_k', email: 'maya@example.com', role: 'user', createdAt: '2026-01-01T00:00:00Z', legalName: 'Maya Kovač', phone: '+12125550182' },
    enrollments: [enrollment, { ...enrollment, id: 'e2', title: 'Phlebotomy', status: 'enrolled', amountPaid: 600, balanceDue: 300 }],
    balance: { paid: 2400, due: 300 },
    payments: { items: [
      { id: 'pay2', program: 'Phlebotomy', amount: 600, refunded: 0, currency: 'USD', status: 'COMPLETED', receiptNumber: '2026-000011', createdAt: '2026-01-03T10:00:00Z' },
      { id: 'pay1', program: 'Pharmacy Technician', amount: 1800, refunded: 0, currency: 'USD', status: 'COMPLETED', receiptNumber: '2026-000010', createdAt: '2026-01-02T10:00:00Z' },
    ], next: 'cursor-1' },
    certificates: [],
    agreements: [{ version: 2, title: 'Enrollment Agreement', acceptedAt: '2026-01-02T09:00:00Z' }],
    emails: { items: [{ id: 'm1', kind: 'receipt', status: 'sent', createdAt: '2026-01-02T10:00:00Z', sentAt: '2026-01-02T10:01:00Z' }], next: null },
    notes: { items: [{ id: 'n1', body: 'Asked about evening sessions.', createdAt: '2026-01-04T11:00:00Z', author: { id: 'a1', username: 'root' } }], next: null },
    ...over,
  };
}

/** A small fake API around one stored record: completing issues the certificate, revoking revokes it, notes append. */
function fakeApi(start: StudentRecord) {
  let stored = start;
  return mockFetch((req: SeenRequest) => {
    const url = new URL(req.url);
    if (url.pathname === '/api/students/u1' && req.method === 'GET') return { body: stored };
    if (url.pathname === '/api/students/u1/payments') {
      return { body: { items: [{ id: 'pay0', program: 'CPR Basics', amount: 300, refunded: 0, currency: 'USD', status: 'COMPLETED', receiptNumber: '2026-000002', createdAt: '2025-12-01T10:00:00Z' }], next: null } };
    }
    if (url.pathname === '/api/enrollments/e1/complete') {
      stored = { ...stored, enrollments: stored.enrollments.map((e) => (e.id === 'e1' ? { ...e, status: 'completed' } : e)), certificates: [certificate] };
      return { body: { certificate, issued: true } };
    }
    if (url.pathname === '/api/enrollments/e2/complete') return { status: 409, body: { error: 'Conflict', message: BALANCE_DUE } };
    if (url.pathname === '/api/certificates/c1/revoke') {
      const revoked = { ...certificate, status: 'revoked' as const, revokedAt: '2026-04-02T10:00:00Z', revokeReason: (req.body as { reason: string }).reason };
      stored = { ...stored, certificates: [revoked] };
      return { body: revoked };
    }
    if (url.pathname === '/api/students/u1/notes' && req.method === 'POST') {
      const note = { id: 'n2', body: (req.body as { body: string }).body, createdAt: '2026-04-03T09:15:00Z', author: { id: 'a1', username: 'root' } };
      stored = { ...stored, notes: { items: [note, ...stored.notes.items], next: null } };
      return { status: 201, body: note };
    }
    return { status: 404, body: { error: 'Not Found', message: 'Not found.' } };
  });
}

/** The ledger's panel is the admin page's to hand in (its own tests cover it); this one stands for a write in it. */
function LedgerStub({ userId }: { userId: string }) {
  const client = useQueryClient();
  useQuery({ queryKey: ['ledger', 'student', userId], queryFn: () => ({ programs: [] }) });
  return <button type="button" onClick={() => void client.invalidateQueries({ queryKey: ['ledger', 'student', userId] })}>Record a payment for {userId}</button>;
}
const renderPage = () => renderWithProviders(<StudentPage userId="u1" ledgerPanel={LedgerStub} />);

describe('StudentPage (the admin\'s page of one student)', () => {
  it('shows contact details, enrollments with status, the balance, payments with receipts, agreements and emails', async () => {
    signIn();
    fakeApi(record());
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Maya Kovač' })).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByText('Phone').nextElementSibling).toHaveTextContent('+12125550182');
    expect(within(contact).getByText('Legal name').nextElementSibling).toHaveTextContent('Maya Kovač');
    const enrollments = screen.getByRole('table', { name: 'Enrollments of maya_k' });
    const rows = within(enrollments).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Pharmacy Technician', 'Jan 12 – Mar 20, 2026', 'Paid in full', '$1,800', '$0', 'Mark completed'],
      ['Phlebotomy', 'Jan 12 – Mar 20, 2026', 'Enrolled', '$600', '$300', 'Mark completed'],
    ]);
    expect(screen.getByText('Paid $2,400, due $300 over the enrollments holding a seat.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receipt 2026-000010' })).toHaveAttribute('href', '/receipts/pay1');
    expect(screen.getByText(/Version 2 \(Enrollment Agreement\), accepted 02\.01\.2026/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Emails to maya@example.com' })).getByText('receipt')).toBeInTheDocument();
    expect(screen.getByText('No certificates yet.')).toBeInTheDocument();
  });

  it('pages older payments through the keyset route', async () => {
    signIn();
    const { seen } = fakeApi(record());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Show older payments' }));
    expect(await screen.findByRole('link', { name: 'Receipt 2026-000002' })).toBeInTheDocument();
    expect(seen.some((r) => r.url.endsWith('/api/students/u1/payments?before=cursor-1&limit=20'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show older payments' })).not.toBeInTheDocument();
  });

  it('marks an enrollment completed and shows its certificate; a balance due is the server\'s sentence', async () => {
    signIn();
    fakeApi(record());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Phlebotomy completed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BALANCE_DUE);
    await userEvent.click(screen.getByRole('button', { name: 'Mark Pharmacy Technician completed' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marked completed: certificate C2026-000004.');
    const certificates = screen.getByRole('region', { name: 'Certificates' });
    expect(await within(certificates).findByRole('link', { name: 'Certificate C2026-000004' })).toHaveAttribute('href', '/my-certificates/c1');
    expect(within(certificates).getByRole('link', { name: 'Public verification page' })).toHaveAttribute('href', '/certificates/ABCDEFGHJKMNPQRSTWXY');
    expect(within(certificates).getByText('Valid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Pharmacy Technician completed' })).not.toBeInTheDocument();
  });

  it('revokes a certificate only with a reason, and shows it revoked with the reason', async () => {
    signIn();
    const { seen } = fakeApi(record({ certificates: [certificate], enrollments: [{ ...enrollment, status: 'completed' }] }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke certificate C2026-000004' }));
    const form = screen.getByRole('form', { name: 'Revoke certificate C2026-000004' });
    const submit = within(form).getByRole('button', { name: 'Revoke certificate' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Reason for revoking'), 'Issued in error');
    await userEvent.click(submit);
    expect(await screen.findByText('Revoked 02.04.2026: Issued in error')).toBeInTheDocument();
    const call = seen.find((r) => r.url.endsWith('/api/certificates/c1/revoke'));
    expect(call?.body).toEqual({ reason: 'Issued in error' });
    expect(screen.queryByRole('button', { name: 'Revoke certificate C2026-000004' })).not.toBeInTheDocument();
  });

  it('adds a note, shown first with its author and time', async () => {
    signIn();
    fakeApi(record());
    renderPage();
    await userEvent.type(await screen.findByLabelText('New note'), 'Called about the balance.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    await waitFor(() => expect(within(notes).getAllByRole('listitem')).toHaveLength(2));
    const [first] = within(notes).getAllByRole('listitem');
    expect(first).toHaveTextContent('Called about the balance.');
    expect(first).toHaveTextContent(/root, 03\.04\.2026 \d\d:15/);
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('says so when there is no such student', async () => {
    signIn();
    mockFetch(() => ({ status: 404, body: { error: 'Not Found', message: 'Student not found.' } }));
    renderPage();
    expect(await screen.findByText(STUDENT_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/admin?section=users');
  });

  it('holds the ledger panel for this student, and reads the record again after a write in it', async () => {
    signIn();
    const { seen } = fakeApi(record());
    renderPage();
    const ledger = await screen.findByRole('region', { name: 'Balances and offline payments' });
    const reads = () => seen.filter((r) => r.method === 'GET' && r.url.endsWith('/api/students/u1')).length;
    expect(reads()).toBe(1);
    await userEvent.click(within(ledger).getByRole('button', { name: 'Record a payment for u1' }));
    await waitFor(() => expect(reads()).toBe(2));
  });
});
