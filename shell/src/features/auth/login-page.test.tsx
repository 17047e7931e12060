import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeToken, mockFetch, renderWithProviders, student, type FakeReply } from '../../testing/test-utils';
import { useLocation } from '@institute/shared/router';
import { signInState } from '@institute/shared/auth';
import LoginPage from './login-page';

/** A page the login may return to, showing the navigation state it was given. */
function PaymentPage() {
  const { state } = useLocation();
  return <p>Payment page for {(state as { course?: { title: string } } | null)?.course?.title ?? 'no course'}</p>;
}

const renderLogin = (state?: unknown) =>
  renderWithProviders(<LoginPage />, { route: { pathname: '/login', state }, path: '/login', routes: { '/': <p>Home page</p>, '/payment/:id': <PaymentPage /> } });

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

  it('shows the server message for a wrong password, logs it, stays on the page, and the button works again', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fn: fetchMock } = mockFetch(() => ({ status: 401, body: { error: 'Unauthorized', message: 'Invalid email or password.' } }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(log).toHaveBeenCalledWith('[login] Sign-in failed:', expect.objectContaining({ status: 401 }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    log.mockRestore();
  });

  it.each([
    ['the network fails', 'network-error' as const, 'The server could not be reached. Check your connection and try again.'],
    ['too many attempts (429)', { status: 429, body: { error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' } }, 'Too many attempts. Please wait a minute and try again.'],
    ['the server fails (500)', { status: 500, body: { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again later.' } }, 'Something went wrong on our side. Please try again in a moment.'],
    ['the database is down (503)', { status: 503, body: { error: 'Service Unavailable', message: 'x' } }, 'The service is temporarily unavailable. Please try again in a few seconds.'],
  ])('says so inline when %s, and a retry that works signs in', async (_name, failure, text) => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockFetch(() => (calls++ === 0 ? failure : { body: { token: makeToken(student), userId: 'u1' } }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    log.mockRestore();
  });

  it('gives up after the request timeout with a message, and the button works again', async () => {
    jest.useFakeTimers();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      global.fetch = jest.fn((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof fetch;
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderLogin();
      await user.type(screen.getByLabelText('Email'), 'maya@example.com');
      await user.type(screen.getByLabelText('Password'), 's3cret-pass');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(screen.getByRole('status')).toHaveTextContent('Logging in...');
      await act(() => jest.advanceTimersByTimeAsync(14_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1_000));
      expect(await screen.findByRole('alert')).toHaveTextContent('The server took too long to answer. Please try again.');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    } finally {
      log.mockRestore();
      jest.useRealTimers();
    }
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

  it('says why the visitor was sent here, above the form', () => {
    renderLogin(signInState({ pathname: '/courses/c1' }, 'view-course'));
    const reason = screen.getByText('Sign in to see the programs of this course.');
    expect(reason.compareDocumentPosition(screen.getByLabelText('Email')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing more when no page sent the visitor', () => {
    renderLogin();
    expect(screen.queryByText(/^Sign in to /)).not.toBeInTheDocument();
  });

  it('returns to the page that sent the visitor, with its navigation state, in place of the form', async () => {
    mockFetch(() => ({ body: { token: makeToken(student), userId: 'u1' } }));
    renderLogin(signInState({ pathname: '/payment/c1', state: { course: { title: 'Welding' } } }, 'pay-course'));
    expect(screen.getByText('Sign in to pay for this course.')).toBeInTheDocument();
    await fillAndSubmit();
    expect(await screen.findByText('Payment page for Welding')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/payment\/c1$/);
  });

  it('goes home instead of to another site', async () => {
    mockFetch(() => ({ body: { token: makeToken(student), userId: 'u1' } }));
    renderLogin({ from: { pathname: '//evil.example/payment/c1' }, reason: 'pay-course' });
    await fillAndSubmit();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
