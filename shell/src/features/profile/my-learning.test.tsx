import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRemoteLoader } from '@institute/shared/federation';
import { mockFetch, renderWithProviders, signIn, student } from '../../testing/test-utils';
import { MyLearning } from './my-learning';

/** My learning's plan calls (decision 051) answer "no plans, no schedules" unless a test says otherwise. */
const withoutPlans = (handler: Parameters<typeof mockFetch>[0]) =>
  mockFetch((req) => (req.url.includes('/api/payment-plans') ? { body: [] } : handler(req)));

describe('MyLearning', () => {
  it('shows each program with paid and remaining amounts, Pay balance while something is due, and receipt links', async () => {
    signIn(student, 'u1');
    withoutPlans(() => ({ body: [
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
    withoutPlans(() => ({ body: [course] }));
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
    withoutPlans((req) => (req.url.endsWith('/api/enrollments/mine')
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
    withoutPlans((req) => (req.url.endsWith('/api/waitlist/mine')
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
    withoutPlans((req) => (req.url.endsWith('/api/enrollments/mine')
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

  describe('payment plans', () => {
    const course = { programId: 'p1', kind: 'course', title: 'Pharmacy Technician', price: 2000, paid: 800, due: 1200, receipts: [] };
    const item = (seq: number, label: string, dueOn: string, amount: number, paid: number, overdue = false) =>
      ({ seq, label, dueOn, amount, paid, open: Math.round((amount - paid) * 100) / 100, overdue });
    const schedule = {
      programId: 'p1', title: 'Pharmacy Technician', plan: { id: 'plan1', name: 'Deposit and 2 monthly', chosenAt: '2026-11-01T10:00:00Z' },
      items: [item(0, 'Deposit', '2026-11-01', 500, 500), item(1, 'Instalment 1 of 2', '2026-12-01', 750, 300, true), item(2, 'Instalment 2 of 2', '2027-01-01', 750, 0)],
      next: item(1, 'Instalment 1 of 2', '2026-12-01', 750, 300, true), due: 1200, overdue: 450, changeable: false,
    };

    it('shows the schedule with what is paid of each payment, and marks what is overdue', async () => {
      signIn(student, 'u1');
      mockFetch((req) => (req.url.endsWith('/api/payment-plans/mine') ? { body: [schedule] }
        : req.url.includes('/api/payment-plans?') ? { body: [{ id: 'plan1', programId: 'p1', name: 'Deposit and 2 monthly', deposit: 500, instalments: 2, anchor: 'enrollment_date', active: true }] }
          : req.url.endsWith('/api/payments/learning') ? { body: [course] } : { body: [] }));
      renderWithProviders(<MyLearning />);
      const pharmacy = await screen.findByRole('article', { name: 'Pharmacy Technician' });
      expect(await within(pharmacy).findByText('Overdue: $450, due since Dec 1, 2026')).toBeInTheDocument();
      const table = within(pharmacy).getByRole('table', { name: 'Payment plan: Deposit and 2 monthly' });
      const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
      expect(rows).toEqual([
        ['Nov 1, 2026', 'Deposit', '$500', '$500', 'Paid'],
        ['Dec 1, 2026', 'Instalment 1 of 2', '$750', '$300', 'Overdue'],
        ['Jan 1, 2027', 'Instalment 2 of 2', '$750', '$0', 'Due'],
      ]);
      // Paid on this plan already: it is kept, so no choice is offered.
      expect(within(pharmacy).queryByRole('combobox', { name: 'Payment plan' })).not.toBeInTheDocument();
    });

    it('shows the next payment and when, and lets the student choose a plan before paying', async () => {
      signIn(student, 'u1');
      const fresh = { ...schedule, plan: null, items: [item(0, 'Balance', '2099-01-12', 2000, 800)], next: item(0, 'Balance', '2099-01-12', 2000, 800), overdue: 0, changeable: true };
      const chosen = { ...schedule, overdue: 0, next: item(1, 'Instalment 1 of 2', '2099-02-12', 750, 300), changeable: true };
      let current: typeof fresh | typeof chosen = fresh;
      const { seen } = mockFetch((req) => {
        if (req.url.endsWith('/api/payment-plans/mine') && req.method === 'PUT') {
          current = chosen;
          return { body: { message: 'Payment plan chosen: Deposit and 2 monthly.', schedule: chosen } };
        }
        if (req.url.endsWith('/api/payment-plans/mine')) return { body: [current] };
        if (req.url.includes('/api/payment-plans?')) return { body: [{ id: 'plan1', programId: 'p1', name: 'Deposit and 2 monthly', deposit: 500, instalments: 2, anchor: 'enrollment_date', active: true }] };
        return req.url.endsWith('/api/payments/learning') ? { body: [course] } : { body: [] };
      });
      renderWithProviders(<MyLearning />);
      const pharmacy = await screen.findByRole('article', { name: 'Pharmacy Technician' });
      expect(await within(pharmacy).findByText('$1,200')).toBeInTheDocument();
      expect(pharmacy).toHaveTextContent('Next payment: $1,200 due Jan 12, 2099');
      const picker = await within(pharmacy).findByRole('combobox', { name: 'Payment plan' });
      expect(within(pharmacy).getByRole('button', { name: 'Use this plan' })).toBeDisabled();
      await userEvent.selectOptions(picker, 'Deposit and 2 monthly ($500 deposit, 2 monthly)');
      await userEvent.click(within(pharmacy).getByRole('button', { name: 'Use this plan' }));
      expect(await within(pharmacy).findByRole('status')).toHaveTextContent('Payment plan chosen: Deposit and 2 monthly.');
      expect(seen.find((req) => req.method === 'PUT')?.body).toEqual({ planId: 'plan1' });
      expect(await within(pharmacy).findByRole('table', { name: 'Payment plan: Deposit and 2 monthly' })).toBeInTheDocument();
      expect(pharmacy).toHaveTextContent('Next payment: $450 due Feb 12, 2099');
    });

    it('opens "Pay balance" at once for the program a reminder links to', async () => {
      signIn(student, 'u1');
      withoutPlans(() => ({ body: [course] }));
      const asked: string[] = [];
      setRemoteLoader((id) => {
        asked.push(id);
        return Promise.reject(new Error('checkout is down'));
      });
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderWithProviders(<MyLearning />, { route: '/profile?pay=p1' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Checkout (Pharmacy Technician) is unavailable right now.');
      expect(asked).toEqual(['mf_checkout/CheckoutModal']);
    });
  });
});
