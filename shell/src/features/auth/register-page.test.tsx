import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../testing/test-utils';
import RegisterPage from './register-page';

const renderRegister = () =>
  renderWithProviders(<RegisterPage />, { route: '/register', path: '/register', routes: { '/login': <p>Login page</p> } });

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Username'), 'newbie');
  await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('RegisterPage', () => {
  it('shows the heading, three required fields and a link to log in', () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeInTheDocument();
    for (const label of ['Email', 'Username', 'Password']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('registers with role user and goes to /login', async () => {
    const { fn: fetchMock } = mockFetch(() => ({ status: 201, body: { message: 'Registered', userId: 'u9' } }));
    renderRegister();
    await fillAndSubmit();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:4000/auth/register');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'new@example.com', username: 'newbie', password: 'long-enough-1', role: 'user' });
  });

  it('shows the server message when the email is taken, logs it, stays on the page, and the button works again', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fn: fetchMock } = mockFetch(() => ({ status: 409, body: { error: 'Conflict', message: 'This email is already registered.' } }));
    renderRegister();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered.');
    expect(log).toHaveBeenCalledWith('[register] Sign-up failed:', expect.objectContaining({ status: 409 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    const button = screen.getByRole('button', { name: 'Sign Up' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    log.mockRestore();
  });

  it('says inline why the server refused the password', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = 'This password is on a list of common or breached passwords. Please choose another one.';
    mockFetch(() => ({ status: 400, body: { error: 'Bad Request', message: refused } }));
    renderRegister();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    jest.mocked(console.error).mockRestore();
  });

  it.each([
    ['the network fails', 'network-error' as const, 'The server could not be reached. Check your connection and try again.'],
    ['too many attempts (429)', { status: 429, body: { error: 'Too Many Requests', message: 'Rate limit exceeded' } }, 'Too many attempts. Please wait a minute and try again.'],
    ['the server fails (500)', { status: 500, body: {} }, 'Something went wrong on our side. Please try again in a moment.'],
    ['the database is down (503)', { status: 503, body: { error: 'Service Unavailable', message: 'x' } }, 'The service is temporarily unavailable. Please try again in a few seconds.'],
  ])('says so inline when %s, and a retry that works goes on to /login', async (_name, failure, text) => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockFetch(() => (calls++ === 0 ? failure : { status: 201, body: { message: 'Registered', userId: 'u9' } }));
    renderRegister();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    log.mockRestore();
  });
});
