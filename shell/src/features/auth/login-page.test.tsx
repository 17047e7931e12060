import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeToken, mockFetch, renderWithProviders, student, type FakeReply } from '../testing/test-utils';
import LoginPage from './login-page';

const renderLogin = (state?: unknown) =>
  renderWithProviders(<LoginPage />, { route: { pathname: '/login', state }, path: '/login', routes: { '/': <p>Home page</p> } });

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 's3cret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the heading, required labelled fields and a link to sign up', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the "Logging in..." overlay, stores token and userId, then goes to /', async () => {
    const token = makeToken(student);
    let reply: (r: FakeReply) => void = () => undefined;
    const { fn: fetchMock } = mockFetch(() => new Promise<FakeReply>((resolve) => { reply = resolve; }));
    renderLogin();
    await fillAndSubmit();

    expect(await screen.findByRole('status')).toHaveTextContent('Logging in...');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:4000/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'maya@example.com', password: 's3cret-pass' });

    reply({ body: { token, userId: 'u1' } });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('userId')).toBe('u1');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('only logs a failed login: no message, stays on the page', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 401, body: { error: 'Unauthorized', message: 'Invalid email or password' } }));
    renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(log).toHaveBeenCalledWith('[login] Sign-in failed:', expect.objectContaining({ status: 401 })));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Invalid email or password/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
    log.mockRestore();
  });

  it('treats an unreadable token as a failure and stores nothing', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => ({ body: { token: 'not-a-jwt', userId: 'u1' } }));
    renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    log.mockRestore();
  });

  it('shows a notice passed by the page that sent the visitor here', () => {
    renderLogin({ notice: 'Unauthorized: Please log in again.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized: Please log in again.');
  });
});
