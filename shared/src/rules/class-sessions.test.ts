import type { ClassSession } from '../contract';
import { formatDateRange, formatDay, nextStart, nextStartText, seatsLabel, sessionBookable, sessionPlace } from './class-sessions';

const session = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 's1', courseId: 'c1', programId: null, startsOn: '2027-01-12', endsOn: '2027-03-20', schedule: 'Mon/Wed 6-9 pm',
  mode: 'online', address: null, seats: 12, seatsTaken: 9, seatsLeft: 3, enrollmentDeadline: '2027-01-05', status: 'open',
  waitlistLength: 0, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', ...over,
});
const TODAY = '2026-11-26';

it('formats calendar days the same in every time zone', () => {
  expect(formatDay('2027-01-12')).toBe('Jan 12, 2027');
  expect(formatDateRange('2027-01-12', '2027-03-20')).toBe('Jan 12 – Mar 20, 2027');
  expect(formatDateRange('2026-12-01', '2027-02-01')).toBe('Dec 1, 2026 – Feb 1, 2027');
});

it('says how many seats are left, or that the session is full, closed or unlimited', () => {
  expect(seatsLabel(session(), TODAY)).toBe('3 seats left');
  expect(seatsLabel(session({ seatsLeft: 1 }), TODAY)).toBe('1 seat left');
  expect(seatsLabel(session({ seatsLeft: 0 }), TODAY)).toBe('Full: join the waitlist');
  expect(seatsLabel(session({ seats: null, seatsLeft: null }), TODAY)).toBeNull();
  expect(seatsLabel(session({ status: 'closed' }), TODAY)).toBe('Enrollment closed');
  expect(seatsLabel(session({ enrollmentDeadline: '2026-11-25' }), TODAY)).toBe('Enrollment closed');
});

it('books only open sessions before their deadline with a seat', () => {
  expect(sessionBookable(session(), TODAY)).toBe(true);
  expect(sessionBookable(session({ seats: null, seatsLeft: null }), TODAY)).toBe(true);
  expect(sessionBookable(session({ seatsLeft: 0 }), TODAY)).toBe(false);
  expect(sessionBookable(session({ status: 'closed' }), TODAY)).toBe(false);
  expect(sessionBookable(session({ enrollmentDeadline: '2026-11-25' }), TODAY)).toBe(false);
});

it('names the place of an in-person session and the earliest start', () => {
  expect(sessionPlace(session())).toBe('Online');
  expect(sessionPlace(session({ mode: 'in_person', address: '12 Main St, Newark' }))).toBe('In person at 12 Main St, Newark');
  expect(nextStart([session({ startsOn: '2027-02-01' }), session({ startsOn: '2027-01-12' }), session({ startsOn: '2026-12-01', status: 'cancelled' })]))
    .toBe('2027-01-12');
});

it('reads a card\'s next start as a day, with the seats left only when few remain', () => {
  expect(nextStartText({ startsOn: '2027-03-03', seatsLeft: null })).toBe('Mar 3, 2027');
  expect(nextStartText({ startsOn: '2027-03-03', seatsLeft: 12 })).toBe('Mar 3, 2027');
  expect(nextStartText({ startsOn: '2027-03-03', seatsLeft: 5 })).toBe('Mar 3, 2027 (5 seats left)');
  expect(nextStartText({ startsOn: '2027-12-31', seatsLeft: 1 })).toBe('Dec 31, 2027 (1 seat left)');
});
