import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { API, LocationProbe, mockFetch, pending, renderWithProviders, signIn, type FakeReply } from '../../../testing/test-utils';
import { captureRetry, STILL_CONFIRMING_TEXT } from '../../../lib/capture-retry/capture-retry';
import { PaymentSuccessPage } from './payment-success-page';

// Unknown outcomes are retried for the same order (decision 011); short waits here.
const DELAYS = captureRetry.delaysMs;
beforeEach(() => {
  captureRetry.delaysMs = [5, 10, 20];
});
afterEach(() => {
  captureRetry.delaysMs = DELAYS;
});

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

const SUCCESS = 'Thank you for your payment! Your enrollment is being processed.';
const heading = () => screen.getByRole('heading', { level: 1 });

test('while confirming it says so, and not yet that the payment succeeded', () => {
  signIn();
  mockFetch(pending);
  renderPage('?orderID=ORDER-1');
  expect(heading()).toHaveTextContent('Confirming your payment');
  expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Processing your payment...');
});

test('a recorded (COMPLETED) payment shows the spec texts: "Payment Successful" and the thank-you', async () => {
  signIn();
  mockFetch(() => ({ body: { message: 'ok', payment: PAYMENT } }));
  renderPage('?token=ORDER-7&PayerID=PAYER-1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
  expect(screen.getByText(SUCCESS)).toBeInTheDocument();
});

test('a failed confirmation never says success: /payment-success?token=BOGUS&PayerID=X answering "Payment not found."', async () => {
  signIn();
  mockFetch(() => ({ status: 404, body: { error: 'Not Found', message: 'Payment not found.' } }));
  renderPage('?token=BOGUS&PayerID=X');
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your payment: Payment not found.');
  expect(heading()).toHaveTextContent('Payment not confirmed');
  expect(screen.queryByText(/Payment Successful/)).not.toBeInTheDocument();
  expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
});

test('a payment PayPal is still processing reads as pending, with the server\'s words, never as success', async () => {
  signIn();
  const message = 'PayPal is still processing this payment. It will be confirmed shortly.';
  mockFetch(() => ({ body: { message, payment: { ...PAYMENT, status: 'CREATED' } } }));
  renderPage('?token=ORDER-7&PayerID=PAYER-1');
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(heading()).toHaveTextContent('Payment pending');
  expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  expect(screen.queryByText('Amount paid')).not.toBeInTheDocument();
});

test('while the outcome is unknown the heading says it is being confirmed, not that it succeeded', async () => {
  signIn();
  mockFetch(() => 'network-error');
  renderPage('?token=ORDER-7&PayerID=PAYER-1');
  expect(await screen.findByText(STILL_CONFIRMING_TEXT)).toBeInTheDocument();
  expect(heading()).toHaveTextContent('Confirming your payment');
  expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
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

  test('a final failure stays on the page with the reason and a retry that posts again', async () => {
    signIn();
    const replies: FakeReply[] = [
      { status: 422, body: { error: 'Unprocessable', message: 'The payment has not been approved at PayPal yet.' } },
      { body: { message: 'ok', payment: { ...PAYMENT, amount: 1200 } } },
    ];
    // After a 422 the page asks whether an agreement is owed: none is published here.
    const { seen } = mockFetch((req) => (req.url.startsWith(`${API}/api/agreement`) ? { body: null } : replies.shift()!));
    const completions = () => seen.filter((r) => r.url === `${API}/api/complete-payment`);
    renderPage('?token=ORDER-7&PayerID=PAYER-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your payment: The payment has not been approved at PayPal yet.');
    expect(location()).toHaveTextContent('/payment-success?token=ORDER-7&PayerID=PAYER-1');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Paid in Full')).toBeInTheDocument();
    expect(completions()).toHaveLength(2);
  });

  test('an unknown outcome (502, no answer) is retried for the same order, and no failure is shown', async () => {
    signIn();
    const replies: (FakeReply | 'network-error')[] = [
      { status: 502, body: { error: 'BadGateway', message: 'PayPal could not be reached. Please try again in a moment.' } },
      'network-error',
      { body: { message: 'ok', payment: { ...PAYMENT, amount: 1200 } } },
    ];
    const { seen } = mockFetch(() => replies.shift()!);
    renderPage('?token=ORDER-7&PayerID=PAYER-1');
    expect(await screen.findByText('Paid in Full')).toBeInTheDocument();
    expect(seen.map((r) => [r.url, r.body])).toEqual(Array(3).fill([`${API}/api/complete-payment`, { token: 'ORDER-7', payerID: 'PAYER-1' }]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('while every attempt is unknown it reads "we are confirming", never a failure, and Check again posts the same order', async () => {
    signIn();
    const { seen } = mockFetch(() => ({ status: 502, body: { error: 'BadGateway', message: 'PayPal could not be reached. Please try again in a moment.' } }));
    renderPage('?token=ORDER-7&PayerID=PAYER-1');
    expect(await screen.findByText(STILL_CONFIRMING_TEXT)).toBeInTheDocument();
    expect(seen).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not confirm your payment:/)).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/payment-success?token=ORDER-7&PayerID=PAYER-1');
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(seen).toHaveLength(8));
    expect(new Set(seen.map((r) => JSON.stringify(r.body)))).toEqual(new Set([JSON.stringify({ token: 'ORDER-7', payerID: 'PAYER-1' })]));
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

  test('a response without a recorded payment shows no amounts and does not claim success', async () => {
    signIn();
    const { seen } = mockFetch(() => ({ body: { message: 'ok' } }));
    renderPage('?orderID=ORDER-1');
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(heading()).toHaveTextContent('Payment pending'));
    expect(screen.queryByText('Amount paid')).not.toBeInTheDocument();
  });

  test('no answer is not a cancellation: the same order is verified again, then "we are confirming" stays on the page', async () => {
    signIn();
    const { seen } = mockFetch(() => 'network-error');
    renderPage('?orderID=ORDER-1');
    expect(await screen.findByText(STILL_CONFIRMING_TEXT)).toBeInTheDocument();
    expect(seen.map((r) => r.body)).toEqual(Array(4).fill({ orderID: 'ORDER-1' }));
    expect(location()).toHaveTextContent('/payment-success?orderID=ORDER-1');
  });

  test.each<[string, FakeReply | 'network-error']>([
    ['a rejected payment', { status: 422, body: { error: 'PaymentRejected', message: 'Amount below the minimum' } }],
  ])('%s redirects to /payment-cancel', async (_case, reply) => {
    signIn();
    mockFetch(() => reply);
    renderPage('?orderID=ORDER-1');
    await waitFor(() => expect(location()).toHaveTextContent('/payment-cancel?token=ORDER-1'));
  });
});

describe('an enrollment agreement published while the payment was open', () => {
  const AGREEMENT = { version: 2, title: 'Enrollment agreement', body: 'Refunds: in full before the first class.', publishedAt: '2026-11-20T00:00:00Z' };
  const refusedThenPaid = (confirmUrl: string, message: string) => {
    let confirmations = 0;
    let accepted = 1;
    return mockFetch((req) => {
      const url = req.url.slice(API.length);
      if (url === '/api/agreement') return { body: AGREEMENT };
      if (url === '/api/agreement/mine') return { body: { version: accepted, acceptedAt: '2026-11-21T10:00:00Z' } };
      if (url === '/api/agreement/accept') {
        accepted = 2;
        return { body: { version: 2, acceptedAt: '2026-11-26T10:00:00Z' } };
      }
      if (url === confirmUrl) {
        confirmations += 1;
        return confirmations === 1
          ? { status: 422, body: { error: 'Unprocessable Entity', message } }
          : { body: { message: 'ok', payment: { ...PAYMENT, amount: 1200 } } };
      }
      return pending();
    });
  };
  const confirmations = (seen: { url: string }[], url: string) => seen.filter((r) => r.url === `${API}${url}`).length;

  test('a browser-captured payment stays here (not the cancel page): accept the agreement, then the same order is confirmed', async () => {
    signIn();
    const message = 'Read and accept version 2 of the enrollment agreement, then confirm this payment again: it is not recorded until you do.';
    const { seen } = refusedThenPaid('/api/verify-payment', message);
    renderPage('?orderID=ORDER-1');
    const confirm = await screen.findByRole('button', { name: 'Confirm my payment' });
    expect(screen.getByText(`We could not confirm your payment: ${message}`)).toBeInTheDocument();
    expect(location()).toHaveTextContent('/payment-success?orderID=ORDER-1');
    expect(await screen.findByRole('heading', { name: 'Enrollment agreement (version 2)' })).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('I have read and accept the enrollment agreement'));
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(seen.find((r) => r.url === `${API}/api/agreement/accept`)?.body).toEqual({ version: 2 });
    await userEvent.click(confirm);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(seen.filter((r) => r.url === `${API}/api/verify-payment`).map((r) => r.body)).toEqual([{ orderID: 'ORDER-1' }, { orderID: 'ORDER-1' }]);
  });

  test('an order kept open before its capture: accept, then the same token and payer are completed', async () => {
    signIn();
    const message = 'Version 2 of the enrollment agreement was published while this payment was open. Read and accept it, then pay again: nothing was charged and your seat is released.';
    const { seen } = refusedThenPaid('/api/complete-payment', message);
    renderPage('?token=ORDER-7&PayerID=PAYER-1');
    const confirm = await screen.findByRole('button', { name: 'Confirm my payment' });
    await userEvent.click(await screen.findByLabelText('I have read and accept the enrollment agreement'));
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(await screen.findByText('Paid in Full')).toBeInTheDocument();
    expect(confirmations(seen, '/api/complete-payment')).toBe(2);
  });

  test('a 422 for any other reason, with the agreement accepted, still goes to the cancel page', async () => {
    signIn();
    mockFetch((req) => {
      const url = req.url.slice(API.length);
      if (url === '/api/agreement') return { body: AGREEMENT };
      if (url === '/api/agreement/mine') return { body: { version: 2, acceptedAt: '2026-11-21T10:00:00Z' } };
      return { status: 422, body: { error: 'PaymentRejected', message: 'Amount below the minimum' } };
    });
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
