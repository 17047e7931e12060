import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Inquiry, InquiryWithNotes } from '@institute/shared/contract';
import { API, mockFetch, renderWithProviders, signIn, type SeenRequest } from '../../../testing/test-utils';
import { InquiriesSection } from './inquiries-section';

const ADMINS = { items: [{ _id: 'admin-1', username: 'root', email: 'root@example.com', role: 'admin' }, { _id: 'admin-2', username: 'maria', email: 'maria@example.com', role: 'admin' }], total: 2, page: 1, limit: 100 };

function inquiry(over: Partial<InquiryWithNotes> = {}): InquiryWithNotes {
  return {
    _id: 'i1', kind: 'contact', name: 'Dana Whitfield', email: 'dana@example.test', number: '555-0101', message: 'Evening classes?',
    program: '', preferredDate: null, preferredTime: null, timeZone: null, status: 'new', assignee: null, student: null,
    noteCount: 0, createdAt: '2026-11-26T14:05:00Z', updatedAt: '2026-11-26T14:05:00Z', notes: [], ...over,
  };
}

/** A small fake inbox: the list filters by status and words, changes apply to the one stored inquiry. */
function fakeInbox(start: InquiryWithNotes) {
  let stored = start;
  const { seen } = mockFetch((req: SeenRequest) => {
    const url = new URL(req.url);
    if (url.pathname === '/api/admin/users') return { body: ADMINS };
    if (url.pathname === '/api/admin/inquiries') {
      const status = url.searchParams.get('status');
      const q = url.searchParams.get('q')?.toLowerCase();
      const items: Inquiry[] = [stored].filter((i) => (!status || i.status === status) && (!q || i.name.toLowerCase().includes(q)));
      return { body: { items, total: items.length, page: 1, limit: 20 } };
    }
    if (url.pathname === '/api/admin/inquiries/i1' && req.method === 'GET') return { body: stored };
    if (url.pathname === '/api/admin/inquiries/i1' && req.method === 'PUT') {
      const change = req.body as { status?: InquiryWithNotes['status']; assigneeId?: string | null };
      const assignee = change.assigneeId === undefined ? stored.assignee : ADMINS.items.filter((a) => a._id === change.assigneeId).map(({ _id, username }) => ({ _id, username }))[0] ?? null;
      stored = { ...stored, ...(change.status ? { status: change.status } : {}), assignee };
      return { body: stored };
    }
    if (url.pathname === '/api/admin/inquiries/i1/notes') {
      const note = { _id: `n${stored.notes.length + 1}`, body: (req.body as { body: string }).body, author: 'root', createdAt: '2026-11-26T15:30:00Z' };
      stored = { ...stored, notes: [...stored.notes, note], noteCount: stored.noteCount + 1 };
      return { status: 201, body: note };
    }
    if (url.pathname === '/api/admin/inquiries/i1/account') {
      stored = { ...stored, student: { _id: 'u9', username: 'dana.whitfield' } };
      return { status: 201, body: stored };
    }
    return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  });
  return { seen };
}

beforeEach(() => signIn());

test('lists inquiries, opens one, marks it contacted, assigns it and appends a note with its author', async () => {
  const user = userEvent.setup();
  const { seen } = fakeInbox(inquiry());
  renderWithProviders(<InquiriesSection />, { route: '/admin?section=inquiries', path: '/admin', probe: true });
  const table = await screen.findByRole('table', { name: 'Inquiries, newest first' });
  const row = within(table).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('dana@example.test');
  expect(row).toHaveTextContent('New');
  expect(row).toHaveTextContent('No account');

  await user.click(within(row).getByRole('button', { name: 'Open the inquiry of Dana Whitfield' }));
  const detail = await screen.findByRole('region', { name: 'Inquiry from Dana Whitfield' });
  expect(screen.getByTestId('location')).toHaveTextContent('inquiry=i1');
  expect(within(detail).getByText('Evening classes?')).toBeInTheDocument();

  await user.selectOptions(within(detail).getByLabelText('Status'), 'contacted');
  await waitFor(() => expect(within(detail).getByLabelText('Status')).toHaveValue('contacted'));
  await user.selectOptions(within(detail).getByLabelText('Assignee'), 'maria');
  await waitFor(() => expect(within(detail).getByLabelText('Assignee')).toHaveValue('admin-2'));
  await user.type(within(detail).getByLabelText('New note'), 'Called back; sends the form on Friday.');
  await user.click(within(detail).getByRole('button', { name: 'Add note' }));
  const notes = await within(detail).findByRole('list', { name: 'Notes, oldest first' });
  expect(within(notes).getByText('Called back; sends the form on Friday.')).toBeInTheDocument();
  expect(notes).toHaveTextContent(/root, 26\.11\.2026 \d\d:30/);
  expect(within(detail).getByLabelText('New note')).toHaveValue('');
  expect(seen.filter((req) => req.method !== 'GET').map((req) => [req.method, new URL(req.url).pathname, req.body])).toEqual([
    ['PUT', '/api/admin/inquiries/i1', { status: 'contacted' }],
    ['PUT', '/api/admin/inquiries/i1', { assigneeId: 'admin-2' }],
    ['POST', '/api/admin/inquiries/i1/notes', { body: 'Called back; sends the form on Friday.' }],
  ]);
  await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Contacted'));
});

test('filters by status in the URL and says when nothing matches', async () => {
  const user = userEvent.setup();
  const { seen } = fakeInbox(inquiry());
  renderWithProviders(<InquiriesSection />, { route: '/admin?section=inquiries', path: '/admin', probe: true });
  await screen.findByRole('table', { name: 'Inquiries, newest first' });
  await user.selectOptions(screen.getByLabelText('Status'), 'closed');
  expect(await screen.findByText('No inquiries found')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('status=closed');
  expect(seen.some((req) => req.url === `${API}/api/admin/inquiries?page=1&limit=20&status=closed`)).toBe(true);
});

test('makes a student account for an inquiry without one, then shows the link', async () => {
  const user = userEvent.setup();
  fakeInbox(inquiry());
  renderWithProviders(<InquiriesSection />, { route: '/admin?section=inquiries&inquiry=i1', path: '/admin' });
  const detail = await screen.findByRole('region', { name: 'Inquiry from Dana Whitfield' });
  expect(detail).toHaveTextContent('No student account has this email.');
  await user.click(within(detail).getByRole('button', { name: 'Create account' }));
  expect(await within(detail).findByRole('status')).toHaveTextContent('Account created. We emailed dana@example.test a link to choose a password.');
  expect(await within(detail).findByText('Student account: dana.whitfield')).toBeInTheDocument();
});

test('shows the server\'s message when a change is refused', async () => {
  const user = userEvent.setup();
  mockFetch((req) => {
    const url = new URL(req.url);
    if (url.pathname === '/api/admin/users') return { body: ADMINS };
    if (req.method === 'GET' && url.pathname === '/api/admin/inquiries/i1') return { body: inquiry() };
    if (url.pathname === '/api/admin/inquiries') return { body: { items: [inquiry()], total: 1, page: 1, limit: 20 } };
    return { status: 400, body: { error: 'Bad Request', message: 'Assign the inquiry to an admin.' } };
  });
  renderWithProviders(<InquiriesSection />, { route: '/admin?section=inquiries&inquiry=i1', path: '/admin' });
  const detail = await screen.findByRole('region', { name: 'Inquiry from Dana Whitfield' });
  await user.selectOptions(within(detail).getByLabelText('Assignee'), 'maria');
  expect(await within(detail).findByRole('alert')).toHaveTextContent('Assign the inquiry to an admin.');
});
