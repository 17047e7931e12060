import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { API, LocationProbe, mockFetch, pending, renderWithProviders, signIn, type FakeReply } from '../../../testing/test-utils';
import { PaymentSuccessPage } from './payment-success-page';

const PAYMENT = {
  _id: 'p-1',
  user: { username: 'student', email: 'student@example.com' },
  program: { title: 'Medical Billing and Coding', price: 1200 },
  amount: 500,
  currency: 'USD',
  paypalOrderId: 'ORDER-1',
  status: 'COMPLETED',
  createdAt: '2025-01-02T10:00:00.000Z',
};

function renderPage(search: string, strict = false) {
  const routes = (
    <>
      <Routes>
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>
  );
  return renderWithProviders(routes, { route: `/payment-success${search}`, strict });
}

const location = () => screen.getByTestId('location');

test('shows the spec texts and a processing state while confirming', () => {
  signIn();
  mockFetch(pending);
  renderPage('?orderID=ORDER-1');
  expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
  expect(screen.getByText('Thank you for your payment! Your enrollment is being processed.')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Processing your payment...');
});

describe('redirect flow: token and PayerID', () => {
  test('POSTs /api/complete-payment { token, payerID } with the bearer, once under StrictMode', async () => {
    const bearer = signIn();
    const { seen } = mockFetch(() => ({ body: { message: 'Payment completed', payment: PAYMENT } }));
    renderPage('?token=ORDER-7&PayerID=PAYER-1', true);
    expect(await screen.findByText('Amount paid')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `${API}/api/complete-payment`, body: { token: 'ORDER-7', payerID: 'PAYER-1' } });
    expect(seen[0]?.headers.Authorization).toBe(`Bearer ${bearer}`);
  });

  test('token and PayerID win over orderID', async () => {
    signIn();
    const { seen } = mockFetch(() => ({ body: { message: 'ok', payment: PAYMENT } }));
    renderPage('?token=ORDER-7&PayerID=PAYER-1&orderID=ORDER-8');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.url).toBe(`${API}/api/complete-payment`);
  });

  test('a failure stays on the page with the reason and a retry that posts again', async () => {
    signIn();
    const replies: FakeReply[] = [
      { status: 502, body: { error: 'BadGateway', message: 'PayPal is unavailable' } },
      { body: { message: 'ok', payment: { ...PAYMENT, amount: 1200 } } },
    ];
    const { seen } = mockFetch(() => replies.shift()!);
    renderPage('?token=ORDER-7&PayerID=PAYER-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your payment: PayPal is unavailable');
    expect(location()).toHaveTextContent('/payment-success?token=ORDER-7&PayerID=PAYER-1');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Paid in Full')).toBeInTheDocument();
    expect(seen).toHaveLength(2);
  });
});

describe('checkout modal flow: orderID', () => {
  test('POSTs /api/verify-payment { orderID }, once under StrictMode, and shows paid and due amounts', async () => {
    signIn();
    const { seen } = mockFetch(() => ({ body: { message: 'Payment verified', payment: PAYMENT } }));
    renderPage('?orderID=ORDER-1', true);
    expect(await screen.findByText('$500')).toBeInTheDocument();
    expect(screen.getByText('Due amount')).toBeInTheDocument();
    expect(screen.getByText('$700')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `${API}/api/verify-payment`, body: { orderID: 'ORDER-1' } });
  });

  test('a balance from the server wins over the estimate from this payment', async () => {
    signIn();
    mockFetch(() => ({ body: { message: 'ok', payment: PAYMENT, dueAmount: 200 } }));
    renderPage('?orderID=ORDER-1');
    expect(await screen.findByText('$200')).toBeInTheDocument();
  });

  test('a full payment reads "Paid in Full"', async () => {
    signIn();
    mockFetch(() => ({ body: { message: 'ok', payment: { ...PAYMENT, amount: 1200 } } }));
    renderPage('?orderID=ORDER-1');
    expect(await screen.findByText('Paid in Full')).toBeInTheDocument();
  });

  test('a response without a payment shows no amounts', async () => {
    signIn();
    const { seen } = mockFetch(() => ({ body: { message: 'ok' } }));
    renderPage('?orderID=ORDER-1');
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByText('Amount paid')).not.toBeInTheDocument();
  });

  test.each<[string, FakeReply | 'network-error']>([
    ['a rejected payment', { status: 422, body: { error: 'PaymentRejected', message: 'Amount below the minimum' } }],
    ['no connection', 'network-error'],
  ])('%s redirects to /payment-cancel', async (_case, reply) => {
    signIn();
    mockFetch(() => reply);
    renderPage('?orderID=ORDER-1');
    await waitFor(() => expect(location()).toHaveTextContent('/payment-cancel?token=ORDER-1'));
  });
});

test('with nothing to confirm it goes to / and posts nothing', async () => {
  const { seen } = mockFetch(pending);
  renderPage('?PayerID=PAYER-1');
  await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  expect(seen).toHaveLength(0);
});
