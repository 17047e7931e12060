import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@institute/shared/router';
import { API, LocationProbe, mockFetch, pending, renderWithProviders, signIn, type FakeReply } from '../../../testing/test-utils';
import { PaymentCancelPage } from './payment-cancel-page';

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

function renderPage(search: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/payment-cancel" element={<PaymentCancelPage />} />
        <Route path="/quick-programs" element={<p>Quick programs</p>} />
      </Routes>
      <LocationProbe />
    </>,
    // StrictMode replays the entry effect: the page must still post and alert once.
    { route: `/payment-cancel${search}`, strict: true },
  );
}

test('shows "Payment cancelled..." while cancelling', () => {
  signIn();
  mockFetch(pending);
  renderPage('?token=ORDER-1');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment cancelled...');
  expect(alertSpy).not.toHaveBeenCalled();
});

test('without a token: alert "Missing payment ID", go to /quick-programs, post nothing', async () => {
  const { seen } = mockFetch(pending);
  renderPage('');
  await waitFor(() => expect(screen.getByText('Quick programs')).toBeInTheDocument());
  expect(alertSpy).toHaveBeenCalledTimes(1);
  expect(alertSpy).toHaveBeenCalledWith('Missing payment ID');
  expect(seen).toHaveLength(0);
});

test('POSTs /api/payment/cancel/{token} once with the bearer, alerts "Payment cancelled." and goes to /quick-programs', async () => {
  const bearer = signIn();
  const { seen } = mockFetch(() => ({ body: { message: 'Order cancelled' } }));
  renderPage('?token=ORDER-1');
  await waitFor(() => expect(screen.getByText('Quick programs')).toBeInTheDocument());
  expect(alertSpy).toHaveBeenCalledTimes(1);
  expect(alertSpy).toHaveBeenCalledWith('Payment cancelled.');
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ method: 'POST', url: `${API}/api/payment/cancel/ORDER-1` });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${bearer}`);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/quick-programs$/);
});

test('encodes the token in the path', async () => {
  signIn();
  const { seen } = mockFetch(() => ({ body: { message: 'ok' } }));
  renderPage('?token=a%2Fb');
  await waitFor(() => expect(seen).toHaveLength(1));
  expect(seen[0]?.url).toBe(`${API}/api/payment/cancel/a%2Fb`);
});

test.each<[string, FakeReply | 'network-error']>([
  ['a server error', { status: 404, body: { error: 'NotFound', message: 'Order not found' } }],
  ['no connection', 'network-error'],
])('%s: alert "Failed to cancel payment" and go to /quick-programs', async (_case, reply) => {
  signIn();
  mockFetch(() => reply);
  renderPage('?token=ORDER-1');
  await waitFor(() => expect(screen.getByText('Quick programs')).toBeInTheDocument());
  expect(alertSpy).toHaveBeenCalledTimes(1);
  expect(alertSpy).toHaveBeenCalledWith('Failed to cancel payment');
});
