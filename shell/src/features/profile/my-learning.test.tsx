import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRemoteLoader } from '@institute/shared/federation';
import { mockFetch, renderWithProviders, signIn, student } from '../../testing/test-utils';
import { MyLearning } from './my-learning';

describe('MyLearning', () => {
  it('shows each program with paid and remaining amounts, Pay balance while something is due, and receipt links', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: [
      { programId: 'p1', kind: 'course', title: 'Pharmacy Technician', price: 1800, paid: 600, due: 1200,
        receipts: [{ paymentId: 'pay1', receiptNumber: '2026-000007', amount: 600, refunded: 0, status: 'COMPLETED', date: '2026-05-01T10:00:00Z' }] },
      { programId: 'p2', kind: 'quick_program', title: 'CPR Basics', price: 300, paid: 300, due: 0,
        receipts: [{ paymentId: 'pay2', receiptNumber: '2026-000008', amount: 300, refunded: 0, status: 'COMPLETED', date: '2026-05-02T10:00:00Z' }] },
    ] }));
    renderWithProviders(<MyLearning />);
    const pharmacy = await screen.findByRole('article', { name: 'Pharmacy Technician' });
    expect(pharmacy).toHaveTextContent('Paid $600 of $1,800. Remaining: $1,200');
    expect(within(pharmacy).getByRole('button', { name: 'Pay balance of Pharmacy Technician' })).toBeInTheDocument();
    expect(within(pharmacy).getByRole('link', { name: 'Receipt 2026-000007' })).toHaveAttribute('href', '/receipts/pay1');
    const cpr = screen.getByRole('article', { name: 'CPR Basics' });
    expect(cpr).toHaveTextContent('Paid in full');
    expect(within(cpr).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens checkout\'s modal through federation for the balance, and says so plainly when checkout is down', async () => {
    signIn(student, 'u1');
    const course = { programId: 'p1', kind: 'course', title: 'Pharmacy Technician', price: 1800, paid: 600, due: 1200, receipts: [] };
    mockFetch(() => ({ body: [course] }));
    const asked: string[] = [];
    setRemoteLoader((id) => {
      asked.push(id);
      return Promise.reject(new Error('checkout is down'));
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<MyLearning />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay balance of Pharmacy Technician' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout (Pharmacy Technician) is unavailable right now.');
    expect(asked).toEqual(['mf_checkout/CheckoutModal']);
    expect(screen.getByRole('link', { name: "the program's page" })).toHaveAttribute('href', '/courses/p1');
  });

  it('shows each class enrollment with its status, session and balance due; a held seat without a payment on its own', async () => {
    signIn(student, 'u1');
    const session = {
      id: 's1', courseId: 'p1', programId: null, startsOn: '2099-01-12', endsOn: '2099-03-20', schedule: 'Mon/Wed 6-9 pm', mode: 'in_person',
      address: '12 Main St', seats: 12, seatsTaken: 9, seatsLeft: 3, enrollmentDeadline: '2099-01-05', status: 'open', waitlistLength: 0,
      createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
    };
    mockFetch((req) => (req.url.endsWith('/api/enrollments/mine')
      ? { body: [
        { id: 'e1', session: { ...session, title: 'Pharmacy Technician' }, title: 'Pharmacy Technician', status: 'enrolled', amountPaid: 600, balanceDue: 1200, agreementVersion: 1, acceptedAt: null, history: [] },
        { id: 'e2', session: { ...session, id: 's2', courseId: 'p3', title: 'Phlebotomy' }, title: 'Phlebotomy', status: 'pending', amountPaid: 0, balanceDue: 900, agreementVersion: 1, acceptedAt: null, history: [] },
      ] }
      : { body: [{ programId: 'p1', kind: 'course', title: 'Pharmacy Technician', price: 1800, paid: 600, due: 1200, receipts: [] }] }));
    renderWithProviders(<MyLearning />);
    const pharmacy = await screen.findByRole('article', { name: 'Pharmacy Technician' });
    expect(await within(pharmacy).findByText('Enrolled')).toBeInTheDocument();
    expect(pharmacy).toHaveTextContent('Jan 12 – Mar 20, 2099, Mon/Wed 6-9 pm, In person at 12 Main St');
    expect(pharmacy).toHaveTextContent('Balance due$1,200');
    const held = await screen.findByRole('article', { name: 'Phlebotomy' });
    expect(held).toHaveTextContent('Pending (seat held)');
    expect(held).toHaveTextContent('Balance due$900');
  });

  it('shows a seat offered from the waitlist first, with where to pay for it, and the places still waiting', async () => {
    signIn(student, 'u1');
    mockFetch((req) => (req.url.endsWith('/api/waitlist/mine')
      ? { body: [
        { sessionId: 's1', programId: 'p1', kind: 'course', title: 'Pharmacy Technician', startsOn: '2099-01-12', position: 1, status: 'offered', offerExpiresAt: '2099-01-03T09:30:00.000Z' },
        { sessionId: 's2', programId: 'p2', kind: 'quick_program', title: 'CPR Basics', startsOn: '2099-02-01', position: 3, status: 'waiting', offerExpiresAt: null },
      ] }
      : { body: [] }));
    renderWithProviders(<MyLearning />);
    const offer = await screen.findByRole('article', { name: 'Seat offered in Pharmacy Technician' });
    expect(offer).toHaveTextContent('Session starting Jan 12, 2099. A seat is held for you until Jan 3, 2099, 9:30 AM UTC. Pay for it before then to take it.');
    expect(within(offer).getByRole('link', { name: 'Pay for your seat' })).toHaveAttribute('href', '/courses/p1?session=s1');
    const waiting = screen.getByRole('article', { name: 'Your waitlists' });
    expect(waiting).toHaveTextContent('CPR Basics, session starting Feb 1, 2099: number 3 in line.');
    expect(within(waiting).getByRole('link', { name: 'CPR Basics' })).toHaveAttribute('href', '/quick-programs/p2?session=s2');
  });
  it('links a completed enrollment to its certificate, and marks a revoked one', async () => {
    signIn(student, 'u1');
    const session = {
      id: 's1', courseId: 'p1', programId: null, startsOn: '2026-01-12', endsOn: '2026-03-20', schedule: 'Mon/Wed 6-9 pm', mode: 'online',
      address: null, seats: 12, seatsTaken: 9, seatsLeft: 3, enrollmentDeadline: '2026-01-05', status: 'open', waitlistLength: 0,
      createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
    };
    const certificate = {
      id: 'c1', enrollmentId: 'e1', number: 'C2026-000004', code: 'ABCDEFGHJKMNPQRSTWXY', studentName: 'Maya Kovač', program: 'Pharmacy Technician',
      credential: null, totalHours: null, startsOn: null, endsOn: null, issuedAt: '2026-03-21T10:00:00Z', status: 'valid', revokedAt: null, revokeReason: null,
      institute: { name: 'Northbridge Career Institute', address: '', phone: '', email: '' },
    };
    mockFetch((req) => (req.url.endsWith('/api/enrollments/mine')
      ? { body: [
        { id: 'e1', session: { ...session, title: 'Pharmacy Technician' }, title: 'Pharmacy Technician', status: 'completed', amountPaid: 1800, balanceDue: 0, agreementVersion: 1, acceptedAt: null, history: [] },
        { id: 'e2', session: { ...session, id: 's2', courseId: 'p3', title: 'Phlebotomy' }, title: 'Phlebotomy', status: 'completed', amountPaid: 900, balanceDue: 0, agreementVersion: 1, acceptedAt: null, history: [] },
        { id: 'e3', session: { ...session, id: 's3', courseId: 'p4', title: 'EKG' }, title: 'EKG', status: 'enrolled', amountPaid: 900, balanceDue: 0, agreementVersion: 1, acceptedAt: null, history: [] },
      ] }
      : req.url.endsWith('/api/certificates/mine')
        ? { body: [certificate, { ...certificate, id: 'c2', enrollmentId: 'e2', number: 'C2026-000005', program: 'Phlebotomy', status: 'revoked', revokedAt: '2026-04-02T10:00:00Z' }] }
        : { body: [{ programId: 'p1', kind: 'course', title: 'Pharmacy Technician', price: 1800, paid: 1800, due: 0, receipts: [] }] }));
    renderWithProviders(<MyLearning />);
    const pharmacy = await screen.findByRole('article', { name: 'Pharmacy Technician' });
    const link = await within(pharmacy).findByRole('link', { name: 'Certificate for Pharmacy Technician' });
    expect(link).toHaveAttribute('href', '/my-certificates/c1');
    expect(link.parentElement).toHaveTextContent('Certificate C2026-000004, issued');
    const revoked = await screen.findByRole('article', { name: 'Phlebotomy' });
    expect(within(revoked).getByRole('link', { name: 'Certificate for Phlebotomy' })).toHaveAttribute('href', '/my-certificates/c2');
    expect(revoked).toHaveTextContent('(revoked');
    expect(within(screen.getByRole('article', { name: 'EKG' })).queryByRole('link')).not.toBeInTheDocument();
  });
});
