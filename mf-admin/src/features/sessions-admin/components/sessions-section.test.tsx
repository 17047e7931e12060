import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassSession } from '@institute/shared/contract';
import { downloadFile } from '../../../lib/download';
import { API, blobText, mockFetch, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../../testing/test-utils';
import { SessionsSection } from './sessions-section';

jest.mock('../../../lib/download');

const COURSES = [{ _id: 'c-1', title: 'Medical Assistant' }];
const PROGRAMS = [{ _id: 'p-1', title: 'CPR and First Aid' }];
const session = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 's-1', courseId: 'c-1', programId: null, startsOn: '2099-01-12', endsOn: '2099-03-20', schedule: 'Mon/Wed 6-9 pm',
  mode: 'in_person', address: '12 Main St', seats: 12, seatsTaken: 12, seatsLeft: 0, enrollmentDeadline: '2099-01-05', status: 'open',
  waitlistLength: 3, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', ...over,
});
const person = (id: string, username: string) => ({ id, username, email: `${username}@example.com` });
const WAITING = [
  { id: 'w-1', user: person('u-1', 'ann'), position: 1, status: 'offered', joinedAt: '2026-11-20T10:00:00Z', offerExpiresAt: '2099-01-03T09:30:00.000Z' },
  { id: 'w-2', user: person('u-2', 'ben'), position: 2, status: 'waiting', joinedAt: '2026-11-21T10:00:00Z', offerExpiresAt: null },
  { id: 'w-3', user: person('u-3', 'cat'), position: 3, status: 'waiting', joinedAt: '2026-11-22T10:00:00Z', offerExpiresAt: null },
];

type Extra = (req: SeenRequest) => FakeReply | undefined;

function serve(extra: Extra = () => undefined) {
  let waitlist = WAITING;
  return mockFetch((req) => {
    const own = extra(req);
    if (own) return own;
    const search = new URL(req.url);
    const kind = { '/api/courses': COURSES, '/api/quick-programs': PROGRAMS }[search.pathname];
    if (kind && search.searchParams.get('fields') === 'card') {
      const words = (search.searchParams.get('q') ?? '').toLowerCase();
      const items = kind.filter((item) => item.title.toLowerCase().includes(words));
      return { body: { items, total: items.length, nextCursor: null } };
    }
    if (req.url === `${API}/api/sessions?courseId=c-1&all=1`) return { body: [session()] };
    if (req.url === `${API}/api/sessions/s-1/roster`) {
      return { body: [{ enrollmentId: 'e-1', user: person('u-9', 'dana'), status: 'enrolled', amountPaid: 500, balanceDue: 700, agreementVersion: 2, acceptedAt: '2026-11-10T09:00:00Z', history: [] }] };
    }
    if (req.url === `${API}/api/sessions/s-1/roster.csv`) return { body: 'student,email\r\ndana,dana@example.com' };
    if (req.url === `${API}/api/sessions/s-1/waitlist`) {
      if (req.method === 'PUT') {
        const order = (req.body as { order: string[] }).order;
        waitlist = order.map((id, index) => ({ ...WAITING.find((w) => w.id === id)!, position: index + 1 }));
      }
      return { body: waitlist };
    }
    return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  });
}

async function pickCourse() {
  await userEvent.type(screen.getByRole('combobox', { name: 'Course or program' }), 'medical');
  await userEvent.click(await screen.findByRole('option', { name: /Medical Assistant/ }));
  return screen.findByRole('row', { name: /Jan 12 – Mar 20, 2099/ });
}

beforeEach(() => signIn());

test('lists a course\'s sessions with seats, deadline and status, and shows the server\'s validation message', async () => {
  const { seen } = serve((req) =>
    req.method === 'POST' && req.url === `${API}/api/sessions`
      ? { status: 400, body: { error: 'Bad Request', message: 'The session cannot end before it starts.' } }
      : undefined);
  renderWithProviders(<SessionsSection />);
  const row = await pickCourse();
  expect(row).toHaveTextContent('12 of 12 taken');
  expect(row).toHaveTextContent('3 waiting');
  expect(row).toHaveTextContent('In person at 12 Main St');
  expect(row).toHaveTextContent('Jan 5, 2099');

  const form = screen.getByRole('form', { name: 'Add session' });
  await userEvent.type(within(form).getByLabelText('Starts on'), '2099-05-10');
  await userEvent.type(within(form).getByLabelText('Ends on'), '2099-05-01');
  await userEvent.type(within(form).getByLabelText('Enrollment deadline'), '2099-05-01');
  await userEvent.type(within(form).getByLabelText('Schedule'), 'Tue/Thu 6-9 pm');
  await userEvent.selectOptions(within(form).getByLabelText('Mode'), 'Online');
  expect(within(form).queryByLabelText('Address')).not.toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText('Seats (blank: unlimited)'), '20');
  await userEvent.click(within(form).getByRole('button', { name: 'Add session' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('The session cannot end before it starts.');
  expect(seen.find((req) => req.method === 'POST')?.body).toEqual({
    courseId: 'c-1', startsOn: '2099-05-10', endsOn: '2099-05-01', schedule: 'Tue/Thu 6-9 pm', mode: 'online', address: null, seats: 20,
    enrollmentDeadline: '2099-05-01',
  });
}, 20_000);

test('the picker reads nothing before typing, then 6 courses and 6 programs by name, and opens the one chosen', async () => {
  const { seen } = serve((req) =>
    req.url === `${API}/api/sessions?programId=p-1&all=1` ? { body: [session({ id: 's-9', courseId: null, programId: 'p-1', startsOn: '2099-02-02', endsOn: '2099-02-03' })] } : undefined);
  renderWithProviders(<SessionsSection />);
  const picker = screen.getByRole('combobox', { name: 'Course or program' });
  expect(picker).toHaveAttribute('aria-expanded', 'false');
  expect(seen).toEqual([]);

  await userEvent.type(picker, 'cpr');
  const option = await screen.findByRole('option', { name: /CPR and First Aid/ });
  expect(option).toHaveTextContent('Quick program');
  expect(seen.map((req) => req.url).sort()).toEqual([
    `${API}/api/courses?fields=card&limit=6&q=cpr&sort=name`,
    `${API}/api/quick-programs?fields=card&limit=6&q=cpr&sort=name`,
  ]);
  await userEvent.keyboard('{ArrowDown}{Enter}');
  expect(picker).toHaveValue('CPR and First Aid');
  expect(await screen.findByRole('heading', { name: 'Sessions of CPR and First Aid' })).toBeInTheDocument();
  expect(await screen.findByRole('row', { name: /Feb 2 – Feb 3, 2099/ })).toBeInTheDocument();
  // No request ever read a whole table (the chosen one's sessions and payment plans are its own).
  expect(seen.every((req) => req.url.includes('limit=6') || req.url.includes('/api/sessions') || req.url.includes('/api/admin/payment-plans?programId='))).toBe(true);
});

test('closes a session and says so', async () => {
  const { seen } = serve((req) => (req.url === `${API}/api/sessions/s-1/close` ? { body: session({ status: 'closed' }) } : undefined));
  renderWithProviders(<SessionsSection />);
  const row = await pickCourse();
  await userEvent.click(within(row).getByRole('button', { name: 'Close Jan 12 – Mar 20, 2099' }));
  expect(await screen.findByText('Session closed.')).toBeInTheDocument();
  expect(seen.filter((req) => req.url === `${API}/api/sessions/s-1/close`).map((req) => req.method)).toEqual(['POST']);
});

test('the class list shows status, balance due and the accepted agreement, and downloads the server\'s CSV', async () => {
  serve();
  renderWithProviders(<SessionsSection />);
  const row = await pickCourse();
  await userEvent.click(within(row).getByRole('button', { name: 'Class list of Jan 12 – Mar 20, 2099' }));
  const panel = await screen.findByRole('region', { name: 'Class list: Medical Assistant, Jan 12 – Mar 20, 2099' });
  const dana = await within(panel).findByRole('row', { name: /dana/ });
  expect(dana).toHaveTextContent('Enrolled');
  expect(dana).toHaveTextContent('$500');
  expect(dana).toHaveTextContent('$700');
  expect(dana).toHaveTextContent('Version 2, Nov 10, 2026');
  await userEvent.click(within(panel).getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(downloadFile).toHaveBeenCalledWith('class-list-2099-01-12-s-1.csv', expect.anything(), 'text/csv'));
  expect(await blobText(jest.mocked(downloadFile).mock.calls[0]?.[1])).toBe('"student,email\\r\\ndana,dana@example.com"');
});

test('the waitlist is reordered with Move up / Move down buttons, and the focus follows the student', async () => {
  const { seen } = serve();
  renderWithProviders(<SessionsSection />);
  const row = await pickCourse();
  await userEvent.click(within(row).getByRole('button', { name: 'Waitlist of Jan 12 – Mar 20, 2099' }));
  const panel = await screen.findByRole('region', { name: 'Waitlist: Medical Assistant, Jan 12 – Mar 20, 2099' });
  await within(panel).findByText('cat');
  // A seat offered from the waitlist shows with its deadline.
  expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('seat offered until Jan 3, 2099, 9:30 AM UTC');
  expect(within(panel).getAllByRole('listitem')[1]).not.toHaveTextContent('seat offered');
  expect(within(panel).getByRole('button', { name: 'Move ann up' })).toBeDisabled();
  await userEvent.click(within(panel).getByRole('button', { name: 'Move cat up' }));
  await waitFor(() => expect(within(panel).getAllByRole('listitem').map((li) => li.textContent?.split(' ')[0])).toEqual(['ann', 'cat', 'ben']));
  expect(seen.find((req) => req.method === 'PUT')?.body).toEqual({ order: ['w-1', 'w-3', 'w-2'] });
  await waitFor(() => expect(within(panel).getByRole('button', { name: 'Move cat up' })).toHaveFocus());
});

test('"Complete class" completes the whole list once confirmed and says who was skipped and why; each name opens the student\'s page', async () => {
  const skipped = { enrollmentId: 'e-1', username: 'dana', reason: 'This enrollment still has $700.00 due.' };
  const { seen } = serve((req) => (req.url === `${API}/api/sessions/s-1/complete` ? { body: { issued: [], alreadyCompleted: 1, skipped: [skipped] } } : undefined));
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  renderWithProviders(<SessionsSection />);
  const row = await pickCourse();
  await userEvent.click(within(row).getByRole('button', { name: 'Class list of Jan 12 – Mar 20, 2099' }));
  const panel = await screen.findByRole('region', { name: 'Class list: Medical Assistant, Jan 12 – Mar 20, 2099' });
  expect(await within(panel).findByRole('link', { name: 'dana' })).toHaveAttribute('href', '/admin?section=users&student=u-9');
  const complete = within(panel).getByRole('button', { name: 'Complete class' });
  await userEvent.click(complete);
  expect(confirm).toHaveBeenCalledWith('Mark every seated student of Medical Assistant completed and issue their certificates? Students with a balance due are skipped.');
  expect(seen.some((req) => req.url.endsWith('/complete'))).toBe(false);
  await userEvent.click(complete);
  const said = await within(panel).findByRole('status');
  expect(said).toHaveTextContent('0 certificates issued; 1 already completed.');
  expect(within(said).getByRole('list', { name: 'Skipped' })).toHaveTextContent('dana: This enrollment still has $700.00 due.');
  expect(seen.filter((req) => req.url === `${API}/api/sessions/s-1/complete`).map((req) => req.method)).toEqual(['POST']);
});
