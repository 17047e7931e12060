import { screen, within } from '@testing-library/react';
import type { ClassSession } from '@institute/shared/contract';
import { mockFetch, renderAt, signIn } from '../../testing/test-utils';
import { UpcomingSessions } from './upcoming-sessions';

const session = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 's1', courseId: 'c1', programId: null, startsOn: '2099-01-12', endsOn: '2099-03-20', schedule: 'Mon/Wed 6-9 pm',
  mode: 'in_person', address: '12 Main St, Newark, NJ', seats: 12, seatsTaken: 9, seatsLeft: 3, enrollmentDeadline: '2099-01-05',
  status: 'open', waitlistLength: 0, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', ...over,
});

function serve(sessions: ClassSession[] | { status: number }) {
  return mockFetch(() => (Array.isArray(sessions) ? { body: sessions } : sessions));
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Upcoming sessions of a course or program', () => {
  it('lists each session with its dates, schedule, place, deadline and seats left', async () => {
    const { seen } = serve([
      session(),
      session({ id: 's2', startsOn: '2099-04-05', endsOn: '2099-06-10', schedule: 'Sat 9 am-3 pm', mode: 'online', address: null, seatsLeft: 0, seatsTaken: 12 }),
      session({ id: 's3', startsOn: '2099-07-01', endsOn: '2099-08-01', seats: null, seatsLeft: null, mode: 'hybrid' }),
    ]);
    renderAt(<UpcomingSessions owner={{ kind: 'course', id: 'c1' }} />);
    const region = await screen.findByRole('region', { name: 'Upcoming sessions' });
    expect(seen.map((req) => req.url)).toEqual(['http://localhost:4000/api/sessions?courseId=c1']);
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Jan 12 – Mar 20, 2099');
    expect(items[0]).toHaveTextContent('Mon/Wed 6-9 pm');
    expect(items[0]).toHaveTextContent('In person at 12 Main St, Newark, NJ');
    expect(items[0]).toHaveTextContent('Enroll by Jan 5, 2099');
    expect(items[0]).toHaveTextContent('3 seats left');
    expect(items[1]).toHaveTextContent('Online');
    expect(items[1]).toHaveTextContent('Full: join the waitlist');
    expect(items[2]).toHaveTextContent('Hybrid at 12 Main St, Newark, NJ');
    expect(items[2]).toHaveTextContent('Seats available');
  });

  it('reads a quick program\'s sessions by programId', async () => {
    const { seen } = serve([session({ courseId: null, programId: 'p1' })]);
    renderAt(<UpcomingSessions owner={{ kind: 'program', id: 'p1' }} />);
    expect(await screen.findByRole('region', { name: 'Upcoming sessions' })).toHaveTextContent('3 seats left');
    expect(seen.map((req) => req.url)).toEqual(['http://localhost:4000/api/sessions?programId=p1']);
  });

  it('shows nothing when there are none, or when they cannot be read (an API without sessions)', async () => {
    const first = serve([]);
    const { unmount } = renderAt(<UpcomingSessions owner={{ kind: 'course', id: 'c1' }} />);
    await settle();
    expect(first.seen).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Upcoming sessions' })).not.toBeInTheDocument();
    unmount();

    const second = serve({ status: 404 });
    renderAt(<UpcomingSessions owner={{ kind: 'course', id: 'c1' }} />);
    await settle();
    expect(second.seen).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Upcoming sessions' })).not.toBeInTheDocument();
  });

  it('shows a signed-in student the seat offered to them and their place in line', async () => {
    signIn();
    const places = [
      { sessionId: 's1', programId: 'c1', kind: 'course', title: 'Course', startsOn: '2099-01-12', position: 1, status: 'offered', offerExpiresAt: '2099-01-03T09:30:00.000Z' },
      { sessionId: 's2', programId: 'c1', kind: 'course', title: 'Course', startsOn: '2099-04-05', position: 2, status: 'waiting', offerExpiresAt: null },
    ];
    mockFetch((req) => (req.url.endsWith('/api/waitlist/mine') ? { body: places }
      : { body: [session({ seatsLeft: 0, seatsTaken: 12 }), session({ id: 's2', startsOn: '2099-04-05', endsOn: '2099-06-10', seatsLeft: 0, seatsTaken: 12 })] }));
    renderAt(<UpcomingSessions owner={{ kind: 'course', id: 'c1' }} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A seat is held for you until Jan 3, 2099, 9:30 AM UTC. Pay for it before then to take it. Use "Enroll Now" on this page.');
    const items = within(screen.getByRole('region', { name: 'Upcoming sessions' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('You are number 2 on the waitlist.');
  });

  it('on a quick program\'s page the offer points at the payment box\'s session choice, which has no Enroll Now', async () => {
    signIn();
    const places = [{ sessionId: 's1', programId: 'p1', kind: 'program', title: 'Program', startsOn: '2099-01-12', position: 1, status: 'offered', offerExpiresAt: '2099-01-03T09:30:00.000Z' }];
    mockFetch((req) => (req.url.endsWith('/api/waitlist/mine') ? { body: places } : { body: [session({ courseId: null, programId: 'p1', seatsLeft: 0, seatsTaken: 12 })] }));
    renderAt(<UpcomingSessions owner={{ kind: 'program', id: 'p1' }} />);
    const offer = await screen.findByRole('status');
    expect(offer).toHaveTextContent('Pay for it before then to take it. Choose it under "Choose a session" on this page, then pay there.');
    expect(offer).not.toHaveTextContent('Enroll Now');
  });
});
