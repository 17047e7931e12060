import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import type { ClassSession } from '@institute/shared/contract';
import { PaymentPage } from '../../features/course-payment/components/payment-page';
import { redirect } from '../../lib/redirect';
import { API, mockFetch, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../testing/test-utils';
import { ACCEPT_LABEL } from './agreement-consent';

jest.mock('../../lib/redirect');
// Whole payment pages with many roles to search: a busy machine needs more than the default 5 s.
jest.setTimeout(20_000);

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 };
const AGREEMENT = { version: 3, title: 'Enrollment agreement', body: 'Refunds: in full before the first class.\n\nAttendance: 80% of classes.', publishedAt: '2026-11-01T00:00:00Z' };
const session = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 's-1', courseId: 'c-1', programId: null, startsOn: '2099-01-12', endsOn: '2099-03-20', schedule: 'Mon/Wed 6-9 pm',
  mode: 'online', address: null, seats: 12, seatsTaken: 9, seatsLeft: 3, enrollmentDeadline: '2099-01-05', status: 'open',
  waitlistLength: 0, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', ...over,
});
const SESSIONS = [
  session(),
  session({ id: 's-2', startsOn: '2099-04-05', endsOn: '2099-06-10', schedule: 'Sat 9 am-3 pm', seatsLeft: 5, seatsTaken: 7 }),
  session({ id: 's-3', startsOn: '2099-07-01', endsOn: '2099-08-30', seatsLeft: 0, seatsTaken: 12 }),
];

interface Server {
  sessions?: ClassSession[];
  accepted?: number | null;
  start?: FakeReply;
  other?: (req: SeenRequest) => FakeReply | undefined;
}

function serve({ sessions = SESSIONS, accepted = null, start, other }: Server = {}) {
  let acceptedVersion = accepted;
  return mockFetch((req) => {
    const found = other?.(req);
    if (found) return found;
    if (req.url.startsWith(`${API}/api/payments/check/`)) return { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } };
    if (req.url === `${API}/api/sessions?courseId=c-1`) return { body: sessions };
    if (req.url === `${API}/api/agreement`) return { body: AGREEMENT };
    if (req.url === `${API}/api/agreement/mine`) {
      return acceptedVersion ? { body: { version: acceptedVersion, acceptedAt: '2026-11-20T10:00:00Z' } } : { status: 404, body: { error: 'Not Found', message: 'No agreement accepted yet.' } };
    }
    if (req.url === `${API}/api/agreement/accept`) {
      acceptedVersion = (req.body as { version: number }).version;
      return { body: { version: acceptedVersion, acceptedAt: '2026-11-26T10:00:00Z' } };
    }
    if (req.url === `${API}/payment`) return start ?? { body: { approval_url: 'https://sandbox.paypal.example/checkoutnow?token=O-1' } };
    return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  }, { ownSessions: true });
}

function renderPage() {
  signIn();
  return renderWithProviders(
    <Routes>
      <Route path="/payment/:id" element={<PaymentPage />} />
    </Routes>,
    { route: { pathname: '/payment/c-1', state: { course: COURSE } } },
  );
}

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  jest.mocked(redirect).mockReset();
});
afterEach(() => alertSpy.mockRestore());

describe('choosing a class session before paying', () => {
  test('pay buttons wait for a session and the accepted agreement; the session goes in the payment body', async () => {
    const { seen } = serve();
    renderPage();
    const group = await screen.findByRole('group', { name: 'Choose a session' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios[2]).toBeDisabled();
    // The earliest open session is chosen to begin with.
    expect(radios[0]).toBeChecked();
    expect(within(group).getByText('Full: join the waitlist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Full $1,200' })).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: /Apr 5 – Jun 10, 2099/ }));
    expect(screen.getByRole('button', { name: 'Pay Full $1,200' })).toBeDisabled();
    // The agreement is readable (a focusable region) before it is accepted.
    expect(screen.getByRole('region', { name: 'Enrollment agreement (version 3)' })).toHaveTextContent('Attendance: 80% of classes.');
    await userEvent.click(screen.getByRole('checkbox', { name: ACCEPT_LABEL }));
    expect(await screen.findByText('You accepted version 3 on Nov 26, 2026.')).toBeInTheDocument();
    expect(seen.find((req) => req.url === `${API}/api/agreement/accept`)?.body).toEqual({ version: 3 });

    await userEvent.click(screen.getByRole('button', { name: 'Pay Full $1,200' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(seen.find((req) => req.url === `${API}/payment`)?.body).toEqual({ amount: 1200, courseId: 'c-1', sessionId: 's-2' });
  });

  test('a student who accepted the current version is not asked again', async () => {
    const { seen } = serve({ sessions: [session()], accepted: 3 });
    renderPage();
    expect(await screen.findByRole('radio', { name: /Jan 12 – Mar 20, 2099/ })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: ACCEPT_LABEL })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Full $1,200' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(seen.some((req) => req.url === `${API}/api/agreement/accept`)).toBe(false);
    expect((seen.find((req) => req.url === `${API}/payment`)?.body as { sessionId?: string }).sessionId).toBe('s-1');
  });

  test('an older acceptance does not count: the current version must be accepted', async () => {
    serve({ sessions: [session()], accepted: 2 });
    renderPage();
    expect(await screen.findByRole('checkbox', { name: ACCEPT_LABEL })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay Full $1,200' })).toBeDisabled();
  });

  test('a course without sessions keeps the spec\'s flow: no choice, nothing extra in the body', async () => {
    const { seen } = serve({ sessions: [] });
    renderPage();
    const pay = await screen.findByRole('button', { name: 'Pay Full $1,200' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(screen.queryByRole('group', { name: 'Choose a session' })).not.toBeInTheDocument();
    await userEvent.click(pay);
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(seen.find((req) => req.url === `${API}/payment`)?.body).toEqual({ amount: 1200, courseId: 'c-1' });
  });

  test('the server\'s refusal (the seat went meanwhile) is shown beside the spec\'s alert', async () => {
    serve({
      sessions: [session()],
      accepted: 3,
      start: { status: 409, body: { error: 'Conflict', message: 'This session is full. Join its waitlist or choose another session.' } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Full $1,200' }));
    expect(await screen.findByText('This session is full. Join its waitlist or choose another session.')).toBeInTheDocument();
    expect(alertSpy).toHaveBeenCalledWith('Payment initiation failed. Please try again.');
  });

  test('a full session offers the waitlist: join, then leave', async () => {
    let joined = false;
    const place = { sessionId: 's-3', programId: 'c-1', kind: 'course', title: COURSE.title, startsOn: '2099-07-01', position: 1, status: 'waiting', offerExpiresAt: null };
    const { seen } = serve({
      other: (req) => {
        if (req.url === `${API}/api/waitlist/mine`) return { body: joined ? [place] : [] };
        if (req.url !== `${API}/api/sessions/s-3/waitlist`) return undefined;
        joined = req.method === 'POST';
        return req.method === 'POST'
          ? { status: 201, body: { id: 'w-1', user: { id: 'user-1', username: 'student', email: 'student@example.com' }, position: 1, joinedAt: '2026-11-26T10:00:00Z', offerExpiresAt: null } }
          : { body: { message: 'You have left the waitlist.' } };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the waitlist. We will email you when a seat frees up.')).toBeInTheDocument();
    // The student's places are read again and now name this session: the confirmation stays.
    await waitFor(() => expect(seen.filter((req) => req.url === `${API}/api/waitlist/mine`).length).toBeGreaterThan(1));
    expect(screen.getByText('You are on the waitlist. We will email you when a seat frees up.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByText('You have left the waitlist.')).toBeInTheDocument();
    expect(seen.filter((req) => req.url === `${API}/api/sessions/s-3/waitlist`).map((req) => req.method)).toEqual(['POST', 'DELETE']);
  });

  test('a seat offered from the waitlist is chosen and payable though the session reads full to others', async () => {
    const offer = { sessionId: 's-3', programId: 'c-1', kind: 'course', title: COURSE.title, startsOn: '2099-07-01', position: 1, status: 'offered', offerExpiresAt: '2099-06-20T16:05:00.000Z' };
    const { seen } = serve({
      accepted: 3,
      other: (req) => (req.url === `${API}/api/waitlist/mine` ? { body: [offer] } : undefined),
    });
    renderPage();
    const offered = await screen.findByRole('radio', { name: /Jul 1 – Aug 30, 2099/ });
    await waitFor(() => expect(offered).toBeChecked());
    expect(offered).toBeEnabled();
    expect(screen.getByText('A seat is held for you until Jun 20, 2099, 4:05 PM UTC. Pay for it before then to take it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline the seat' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Full $1,200' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect((seen.find((req) => req.url === `${API}/payment`)?.body as { sessionId?: string }).sessionId).toBe('s-3');
  });
});
