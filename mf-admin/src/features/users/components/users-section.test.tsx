import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import { UsersSection, confirmSignOut } from './users-section';

// The erasure requests above the table have their own test and their own call.
jest.mock('./erasure-requests', () => ({ ErasureRequests: () => null }));

const USERS = [
  { _id: 'admin-1', username: 'root', email: 'root@example.com', role: 'admin' },
  { _id: 'u-2', username: 'alice', email: 'alice@example.com', role: 'user' },
  { _id: 'u-3', username: 'bob', email: 'bob@example.com', role: 'user' },
];

/** The admin list's answer: one page and the total. */
const pageOf = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, limit: 20 });

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => confirmSpy.mockRestore());

test('shows "Loading users..." while the list loads', async () => {
  signIn();
  mockFetch(pending);
  renderWithProviders(<UsersSection />);
  expect(await screen.findByText('Loading users...')).toBeInTheDocument();
});

test('lists users in a table with Username, Email, Role and Actions, fetched with the bearer token', async () => {
  const token = signIn();
  const { seen } = mockFetch(() => ({ body: pageOf(USERS) }));
  renderWithProviders(<UsersSection />);
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Username', 'Email', 'Role', 'Actions']);
  const alice = within(table).getByRole('row', { name: /alice/ });
  expect(within(alice).getByText('alice@example.com')).toBeInTheDocument();
  expect(within(alice).getByText('user')).toBeInTheDocument();
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/admin/users?page=1&limit=20&sort=-createdAt` });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${token}`);
});

test('the signed-in admin has no Delete button on their own row', async () => {
  signIn({ id: 'admin-1' });
  mockFetch(() => ({ body: pageOf(USERS) }));
  renderWithProviders(<UsersSection />);
  const own = await screen.findByRole('row', { name: /root/ });
  expect(within(own).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /Delete user/ })).toHaveLength(2);
  expect(screen.getAllByRole('button', { name: /^Sign out .* everywhere$/ })).toHaveLength(2);
});

test('shows "No users found" for an empty list', async () => {
  signIn();
  mockFetch(() => ({ body: pageOf([]) }));
  renderWithProviders(<UsersSection />);
  expect(await screen.findByText('No users found')).toBeInTheDocument();
});

test('shows "Failed to load users. Please try again." when the list fails', async () => {
  signIn();
  mockFetch(() => ({ status: 500, body: { error: 'Internal', message: 'boom' } }));
  renderWithProviders(<UsersSection />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users. Please try again.');
});

test('delete asks for confirmation and does nothing when declined', async () => {
  signIn();
  confirmSpy.mockReturnValue(false);
  const { seen } = mockFetch(() => ({ body: pageOf(USERS) }));
  renderWithProviders(<UsersSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete user alice' }));
  expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this user?');
  expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
});

test('a confirmed delete calls DELETE /api/users/{id} with the bearer and refreshes the list', async () => {
  const token = signIn();
  let list = USERS;
  const { seen } = mockFetch((req) => {
    if (req.method === 'DELETE') {
      list = list.filter((u) => u._id !== 'u-2');
      return { body: { message: 'User deleted' } };
    }
    return { body: pageOf(list) };
  });
  renderWithProviders(<UsersSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete user alice' }));
  await waitFor(() => expect(screen.queryByText('alice')).not.toBeInTheDocument());
  const del = seen.find((r) => r.method === 'DELETE');
  expect(del).toMatchObject({ url: `${API}/api/users/u-2` });
  expect(del?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(seen.filter((r) => r.method === 'GET')).toHaveLength(2);
  expect(screen.getByText('bob')).toBeInTheDocument();
});

test('a refused delete shows the server message and keeps the row', async () => {
  signIn();
  mockFetch((req) =>
    req.method === 'DELETE' ? { status: 409, body: { error: 'Conflict', message: 'The last admin cannot be deleted' } } : { body: pageOf(USERS) },
  );
  renderWithProviders(<UsersSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete user bob' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The last admin cannot be deleted');
  expect(screen.getByText('bob')).toBeInTheDocument();
});

test('a delete without any connection shows a plain fallback', async () => {
  signIn();
  mockFetch((req) => (req.method === 'DELETE' ? 'network-error' : { body: pageOf(USERS) }));
  renderWithProviders(<UsersSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete user bob' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete user');
});

test('"Sign out everywhere" asks first, then POSTs /api/users/{id}/sign-out-everywhere with the bearer and says it worked', async () => {
  const token = signIn();
  const { seen } = mockFetch((req) => (req.method === 'POST' ? { body: { message: 'The user is signed out on every device.' } } : { body: pageOf(USERS) }));
  renderWithProviders(<UsersSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Sign out alice everywhere' }));
  expect(confirmSpy).toHaveBeenCalledWith(confirmSignOut('alice'));
  expect(await screen.findByText('alice is signed out on every device.')).toHaveAttribute('role', 'status');
  const post = seen.find((r) => r.method === 'POST');
  expect(post).toMatchObject({ url: `${API}/api/users/u-2/sign-out-everywhere` });
  expect(post?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(screen.getByText('alice')).toBeInTheDocument();
});

test('"Sign out everywhere" does nothing when declined, and shows the server message when refused', async () => {
  signIn();
  confirmSpy.mockReturnValueOnce(false);
  const { seen } = mockFetch((req) => (req.method === 'POST' ? { status: 404, body: { error: 'Not Found', message: 'User not found.' } } : { body: pageOf(USERS) }));
  renderWithProviders(<UsersSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Sign out bob everywhere' }));
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Sign out bob everywhere' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
});

test('asks the server for the next page, a search, a role and an order, and shows where it is', async () => {
  signIn();
  const { seen } = mockFetch(() => ({ body: pageOf(USERS, 45) }));
  renderWithProviders(<UsersSection />);
  expect(await screen.findByText('Page 1 of 3 · 45 users')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(seen.at(-1)?.url).toBe(`${API}/api/admin/users?page=2&limit=20&sort=-createdAt`));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Username or email' }), 'ali{Enter}');
  await waitFor(() => expect(seen.at(-1)?.url).toBe(`${API}/api/admin/users?page=1&limit=20&sort=-createdAt&q=ali`));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'username');
  await waitFor(() => expect(seen.at(-1)?.url).toBe(`${API}/api/admin/users?page=1&limit=20&sort=username&q=ali&role=admin`));
});

test('"Make admin" asks first, PUTs the new role and says so; a refusal shows the server message', async () => {
  signIn({ id: 'admin-1' });
  let refuse = false;
  const { seen } = mockFetch((req) => {
    if (req.method !== 'PUT') return { body: pageOf(USERS) };
    return refuse
      ? { status: 409, body: { error: 'Conflict', message: 'The site needs at least one admin: make another user an admin first.' } }
      : { body: { ...USERS[1], role: 'admin' } };
  });
  renderWithProviders(<UsersSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Make alice an admin' }));
  expect(confirmSpy).toHaveBeenCalledWith('Make alice an admin? They will be able to manage the whole site.');
  expect(await screen.findByText('alice is now an admin.')).toBeInTheDocument();
  expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ url: `${API}/api/users/u-2/role`, body: { role: 'admin' } });
  refuse = true;
  await userEvent.click(screen.getByRole('button', { name: 'Make bob an admin' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('at least one admin');
});
