import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../testing/test-utils';
import ResetPasswordPage from './reset-password-page';

const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_';

describe('ResetPasswordPage', () => {
  it('drops the token from the address and the history entry once read, and still uses it', async () => {
    const { fn: fetchMock } = mockFetch(() => ({ body: { message: 'Your password has been changed.' } }));
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}`, path: '/reset-password' });
    // The router's replace is history.replaceState in the browser (shared/src/router/history.ts).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/));
    await userEvent.type(screen.getByLabelText('New password'), 'Amber-Falcon-31');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, password: 'Amber-Falcon-31' });
  }, 20_000);

  it('says so when the link has no token', () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password', path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link has no reset token.');
  });
});
