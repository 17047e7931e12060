import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../testing/test-utils';
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

  it('only logs a failed registration and stays on the page', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 409, body: { error: 'Conflict', message: 'Email already registered' } }));
    renderRegister();
    await fillAndSubmit();
    await waitFor(() => expect(log).toHaveBeenCalledWith('[register] Sign-up failed:', expect.objectContaining({ status: 409 })));
    expect(screen.queryByText(/already registered/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    log.mockRestore();
  });
});
