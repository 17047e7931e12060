import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { captureRetry, CONFIRMING_TEXT, STILL_CONFIRMING_TEXT } from '../../../lib/capture-retry/capture-retry';
import { paypal, resetPayPal } from '../../../testing/paypal-mock';
import { API, mockServer, renderWithProviders, signIn, type FakeReply } from '../../../testing/test-utils';
import { ProgramPayment } from './program-payment';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

/**
 * Decision 011: a capture whose outcome is unknown is retried for the SAME order (the server captures it with the
 * same PayPal-Request-Id), and the next press of the PayPal button confirms that order before creating another.
 */
const PROGRAM = { programId: 'qp-1', price: 1200, title: 'Phlebotomy Fast Track' };
const CHECK = `${API}/api/payments/check/qp-1`;
const ORDER = `${API}/api/payments/create-order/qp-1`;
const CAPTURE = `${API}/api/payments/capture-order`;
const NOT_PAID = { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } };
const PAID = { body: { hasPaid: true, amountPaid: 1200, dueAmount: 0 } };
const BAD_GATEWAY: FakeReply = { status: 502, body: { error: 'Bad Gateway', message: 'PayPal could not be reached. Please try again in a moment.' } };
const CAPTURED: FakeReply = { body: { message: 'Payment successful! You are now enrolled.', payment: { _id: 'p-1' } } };

const DELAYS = captureRetry.delaysMs;
let alertSpy: jest.SpyInstance;
beforeEach(() => {
  resetPayPal();
  signIn();
  captureRetry.delaysMs = [5, 10, 20];
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  captureRetry.delaysMs = DELAYS;
  alertSpy.mockRestore();
});

function renderWidget() {
  return renderWithProviders(
    <Routes>
      <Route path="/quick-programs/:id" element={<ProgramPayment {...PROGRAM} />} />
    </Routes>,
    { route: '/quick-programs/qp-1', strict: true },
  );
}

const press = async (name: string) => userEvent.click(await screen.findByRole('button', { name }));
const captures = (seen: { url: string; body: unknown }[]) => seen.filter((r) => r.url === CAPTURE).map((r) => r.body);

test('a 502 or a timeout on capture is retried for the same order, then succeeds: no failure shown', async () => {
  const replies = [BAD_GATEWAY, { status: 504, body: { error: 'Gateway Timeout', message: 'Timed out' } }, CAPTURED];
  let checks = 0;
  const { seen } = mockServer({
    [`GET ${CHECK}`]: () => ((checks += 1) === 1 ? NOT_PAID : PAID),
    [`POST ${CAPTURE}`]: () => replies.shift()!,
  });
  renderWidget();
  await press('Pay Full ($1,200)');
  await press('PayPal: approve');
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment successful! You are now enrolled.'));
  expect(captures(seen)).toEqual(Array(3).fill({ orderID: 'ORDER-1', programID: 'qp-1' }));
  expect(screen.queryByText('Failed to capture order')).not.toBeInTheDocument();
  expect(seen.some((r) => r.url === ORDER)).toBe(false);
});

test('shows "we are confirming your payment" while it retries', async () => {
  let release: (reply: FakeReply) => void = () => undefined;
  const replies: (FakeReply | Promise<FakeReply>)[] = [BAD_GATEWAY, new Promise<FakeReply>((resolve) => (release = resolve))];
  mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${CAPTURE}`]: () => replies.shift()! });
  renderWidget();
  await press('Pay Full ($1,200)');
  await press('PayPal: approve');
  expect(await screen.findByText(CONFIRMING_TEXT)).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  release(CAPTURED);
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment successful! You are now enrolled.'));
});

test('when every retry is unknown it says so (not a failure), and the next press confirms the same order instead of creating one', async () => {
  const replies = [BAD_GATEWAY, BAD_GATEWAY, BAD_GATEWAY, BAD_GATEWAY, CAPTURED];
  const { seen } = mockServer({
    [`GET ${CHECK}`]: NOT_PAID,
    [`POST ${CAPTURE}`]: () => replies.shift()!,
    [`POST ${ORDER}`]: { status: 201, body: { orderID: 'ORDER-2' } },
  });
  renderWidget();
  await press('Pay Full ($1,200)');
  await press('PayPal: approve');
  expect(await screen.findByText(STILL_CONFIRMING_TEXT)).toBeInTheDocument();
  expect(screen.queryByText('Failed to capture order')).not.toBeInTheDocument();
  expect(captures(seen)).toHaveLength(4);
  expect(alertSpy).not.toHaveBeenCalled();

  // The payer presses PayPal again: the earlier order is confirmed; no new order is created.
  await press('PayPal: create order');
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment successful! You are now enrolled.'));
  expect(captures(seen)).toEqual(Array(5).fill({ orderID: 'ORDER-1', programID: 'qp-1' }));
  expect(seen.some((r) => r.url === ORDER)).toBe(false);
  expect(paypal.created).toBeUndefined();
  expect(alertSpy).not.toHaveBeenCalledWith('An error occurred with PayPal');
});

test('a 409 "being processed" is an unknown outcome too; a final 409 or 422 is not retried', async () => {
  const inFlight = { status: 409, body: { error: 'Conflict', message: 'Another payment for this program is being processed. Please try again in a moment.' } };
  const replies: FakeReply[] = [inFlight, CAPTURED];
  const { seen } = mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${CAPTURE}`]: () => replies.shift()! });
  const { unmount } = renderWidget();
  await press('Pay Full ($1,200)');
  await press('PayPal: approve');
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment successful! You are now enrolled.'));
  expect(captures(seen)).toHaveLength(2);
  unmount();

  const cancelled = { status: 409, body: { error: 'Conflict', message: 'This payment would exceed the amount due ($0), so it was cancelled. No money was taken.' } };
  const once = mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${CAPTURE}`]: cancelled });
  renderWidget();
  await press('Pay Full ($1,200)');
  await press('PayPal: approve');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to capture order');
  expect(captures(once.seen)).toHaveLength(1);
});

test('an unknown order that then fails for good lets the next press create a new order', async () => {
  const declined = { status: 422, body: { error: 'Unprocessable Entity', message: 'PayPal declined the payment method. Please try again with another one.' } };
  const replies: FakeReply[] = [BAD_GATEWAY, BAD_GATEWAY, BAD_GATEWAY, BAD_GATEWAY, declined];
  const { seen } = mockServer({
    [`GET ${CHECK}`]: NOT_PAID,
    [`POST ${CAPTURE}`]: () => replies.shift()!,
    [`POST ${ORDER}`]: { status: 201, body: { orderID: 'ORDER-2' } },
  });
  renderWidget();
  await press('Pay Full ($1,200)');
  await press('PayPal: approve');
  expect(await screen.findByText(STILL_CONFIRMING_TEXT)).toBeInTheDocument();
  await press('PayPal: create order');
  await waitFor(() => expect(paypal.created).toBe('ORDER-2'));
  expect(captures(seen)).toHaveLength(5);
  expect(screen.queryByText(STILL_CONFIRMING_TEXT)).not.toBeInTheDocument();
});
