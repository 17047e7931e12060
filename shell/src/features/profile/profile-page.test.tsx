import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from '@institute/shared/router';
import { readSignInState, RequireAccess } from '@institute/shared/auth';
import { mockFetch, renderWithProviders, signIn, student, type FakeReply } from '../../testing/test-utils';
import ProfilePage from './profile-page';

function LoginStub() {
  const state = useLocation().state as { notice?: string } | null;
  const plan = readSignInState(state);
  return (
    <>
      <p>Login page: {state?.notice ?? 'no notice'}</p>
      <p>Says: {plan.message ?? 'nothing'}; returns to {plan.to}</p>
    </>
  );
}

// Rendered behind the same guard as in the app, so a logout's redirect is part of what is tested.
const renderProfile = () =>
  renderWithProviders(<RequireAccess access="signed-in"><ProfilePage /></RequireAccess>, {
    route: '/profile', path: '/profile', routes: { '/login': <LoginStub /> },
  });

describe('ProfilePage', () => {
  it('shows "Loading profile..." then Email, Username and Role from the stored userId', async () => {
    signIn(student, 'u1');
    let reply: (r: FakeReply) => void = () => undefined;
    const { fn: fetchMock } = mockFetch(({ url }) =>
      url.endsWith('/api/payments/mine') || url.endsWith('/api/payments/learning') || url.endsWith('/api/payment-plans/mine') ? { body: [] } : new Promise<FakeReply>((resolve) => { reply = resolve; }));
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:4000/api/users/u1');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${localStorage.getItem('token')}`);

    reply({ body: { _id: 'u1', username: 'maya_k', email: 'maya@example.com', role: 'user' } });
    const term = await screen.findByText('Email');
    const list = term.closest('dl') as HTMLElement;
    const pairs = within(list).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([['Email', 'maya@example.com'], ['Username', 'maya_k'], ['Role', 'user']]);
    expect(await screen.findByText('You have no payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("lists the student's own payments with what each left due, partial payments adding up", async () => {
    signIn(student, 'u1');
    const program = { title: 'Pharmacy Technician', price: 1800 };
    const { fn: fetchMock } = mockFetch(({ url }) =>
      url.endsWith('/api/payments/mine')
        ? { body: [
            { _id: 'p2', user: null, program, amount: 1200, currency: 'USD', paypalOrderId: 'O2', status: 'COMPLETED', createdAt: '2026-05-02T10:00:00Z', paidAmount: 1200, dueAfter: 0 },
            { _id: 'p1', user: null, program, amount: 600, currency: 'USD', paypalOrderId: 'O1', status: 'COMPLETED', createdAt: '2026-05-01T10:00:00Z', paidAmount: 600, dueAfter: 1200 },
            { _id: 'p3', user: null, program, amount: 700, currency: 'USD', paypalOrderId: 'O3', status: 'CANCELLED', createdAt: '2026-05-03T10:00:00Z', paidAmount: 0, dueAfter: 0 },
          ] }
        : url.endsWith('/api/payments/learning') || url.endsWith('/api/waitlist/mine') || url.endsWith('/api/payment-plans/mine') ? { body: [] }
        : { body: { _id: 'u1', username: 'maya_k', email: 'maya@example.com', role: 'user' } });
    renderProfile();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['$600', '$1,200', 'COMPLETED', '01.05.2026'],
      ['$1,200', 'Paid in Full', 'COMPLETED', '02.05.2026'],
      // A CANCELLED order took no money: $0 paid, the balance as it was.
      ['$0Ordered $700', 'Paid in Full', 'CANCELLED', '03.05.2026'],
    ]);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/payments/mine'));
    expect((call?.[1] as RequestInit).headers).toMatchObject({ Authorization: `Bearer ${localStorage.getItem('token')}` });
  });

  it('shows "Failed to load profile." when the call fails', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ status: 404, body: { error: 'NotFound', message: 'User not found' } }));
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile.');
    expect(screen.queryByText('User not found')).not.toBeInTheDocument();
  });

  it('without a userId: clears the session and sends the visitor to /login with the Unauthorized notice', async () => {
    signIn(student, null);
    const { fn: fetchMock } = mockFetch(() => ({ body: {} }));
    renderProfile();
    expect(await screen.findByText('Login page: Unauthorized: Please log in again.')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    // No profile is fetched without an id; the only call ends the session on the server.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('http://localhost:4000/auth/logout');
  });

  it('when the server has ended the session (401), signs out and sends the visitor to sign in and back, saying why', async () => {
    signIn(student, 'u1');
    const { fn: fetchMock } = mockFetch(() => ({ status: 401, body: { error: 'Unauthorized', message: 'Your session has ended. Please sign in again.' } }));
    renderProfile();
    expect(await screen.findByText('Says: Your session has ended. Sign in again to continue.; returns to /profile')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(screen.queryByText('Failed to load profile.')).not.toBeInTheDocument();
    // The dead token is not sent to the server to be ended again.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('http://localhost:4000/auth/logout');
  });
});
