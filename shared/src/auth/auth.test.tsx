import { act, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '../router';
import { MemoryRouter } from '../router/server';
import { API, makeToken as fakeToken, mockFetch } from '../testing';
import { AuthProvider, useAuth } from './auth-context';
import { decodeSessionUser } from './decode';
import { RequireAccess, accessRedirect } from './guards';

const future = Math.floor(Date.now() / 1000) + 3600;

test('decoding applies the spec defaults Guest / No Email / user', () => {
  expect(decodeSessionUser(fakeToken({ id: 'u1', exp: future }))).toEqual({ id: 'u1', username: 'Guest', email: 'No Email', role: 'user' });
  expect(decodeSessionUser('garbage')).toBeNull();
  expect(decodeSessionUser(fakeToken({ id: 'u1', exp: 10 }))).toBeNull();
});

function Who() {
  const { user, logout } = useAuth();
  return <button onClick={logout}>{user ? `${user.username}:${user.role}` : 'nobody'}</button>;
}

test('the session is restored from the stored token; an undecodable token is removed', () => {
  localStorage.setItem('token', 'not-a-jwt');
  localStorage.setItem('userId', 'u1');
  render(<AuthProvider><Who /></AuthProvider>);
  expect(screen.getByRole('button')).toHaveTextContent('nobody');
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('userId')).toBeNull();
});

test('logout clears the user, the token and the userId, and ends the token on the server', async () => {
  const token = fakeToken({ id: 'u1', username: 'ada', role: 'admin', exp: future });
  const { seen } = mockFetch(() => ({ body: { message: 'You are signed out.' } }));
  localStorage.setItem('token', token);
  localStorage.setItem('userId', 'u1');
  render(<AuthProvider><Who /></AuthProvider>);
  expect(screen.getByRole('button')).toHaveTextContent('ada:admin');
  act(() => screen.getByRole('button').click());
  expect(screen.getByRole('button')).toHaveTextContent('nobody');
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('userId')).toBeNull();
  await waitFor(() => expect(seen).toHaveLength(1));
  expect(seen[0]).toMatchObject({ method: 'POST', url: `${API}/auth/logout` });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${token}`);
});

test('logout signs out here even when the server cannot be reached', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockFetch(() => 'network-error');
  localStorage.setItem('token', fakeToken({ id: 'u1', username: 'ada', role: 'user', exp: future }));
  localStorage.setItem('userId', 'u1');
  render(<AuthProvider><Who /></AuthProvider>);
  act(() => screen.getByRole('button').click());
  expect(screen.getByRole('button')).toHaveTextContent('nobody');
  expect(localStorage.getItem('token')).toBeNull();
  await waitFor(() => expect(log).toHaveBeenCalledWith('[auth] The server could not end the session:', expect.anything()));
  log.mockRestore();
});

test('guards: no session goes to /login, a wrong role goes to /', () => {
  expect(accessRedirect('public', undefined)).toBeNull();
  expect(accessRedirect('signed-in', undefined)).toBe('/login');
  expect(accessRedirect('admin', undefined)).toBe('/login');
  expect(accessRedirect('admin', 'user')).toBe('/');
  expect(accessRedirect('admin', 'admin')).toBeNull();
  expect(accessRedirect('signed-in', 'user')).toBeNull();
});

function at(path: string) {
  return render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/login" element={<p>login</p>} />
          <Route path="/admin" element={<RequireAccess access="admin"><p>admin panel</p></RequireAccess>} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

test('RequireAccess redirects a visitor to /login and a student to /', () => {
  at('/admin').unmount();
  expect(screen.queryByText('admin panel')).toBeNull();
  at('/admin');
  expect(screen.getByText('login')).toBeInTheDocument();
});

test('RequireAccess sends a signed-in student from /admin to / and lets an admin in', () => {
  localStorage.setItem('token', fakeToken({ id: 'u2', role: 'user', exp: future }));
  const { unmount } = at('/admin');
  expect(screen.getByText('home')).toBeInTheDocument();
  unmount();
  localStorage.setItem('token', fakeToken({ id: 'u3', role: 'admin', exp: future }));
  at('/admin');
  expect(screen.getByText('admin panel')).toBeInTheDocument();
});
