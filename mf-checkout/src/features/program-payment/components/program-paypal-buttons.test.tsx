import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { paypal, resetPayPal } from '../../../testing/paypal-mock';
import { API, mockServer, renderWithProviders, signIn, type FakeReply } from '../../../testing/test-utils';
import { ProgramPayment } from './program-payment';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

const PROGRAM = { programId: 'qp-1', price: 1200, title: 'Phlebotomy Fast Track' };
const CHECK = `${API}/api/payments/check/qp-1`;
const NOT_PAID = { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } };

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  resetPayPal();
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

function renderWidget() {
  return renderWithProviders(
    <Routes>
      <Route path="/quick-programs/:id" element={<ProgramPayment {...PROGRAM} />} />
    </Routes>,
    { route: '/quick-programs/qp-1', strict: true },
  );
}

const amount = () => screen.getByLabelText('Amount to pay now (USD)');
const press = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('paying', () => {
  const ORDER = `${API}/api/payments/create-order/qp-1`;
  const CAPTURE = `${API}/api/payments/capture-order`;
  let token: string;
  beforeEach(() => {
    token = signIn();
  });

  async function choose(name: string) {
    await userEvent.click(await screen.findByRole('button', { name }));
  }

  test('full: creates the order on our server with { amount } and returns its orderID to PayPal', async () => {
    const { seen } = mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${ORDER}`]: { status: 201, body: { orderID: 'ORDER-9' } } });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.created).toBe('ORDER-9'));
    const create = seen.find((r) => r.url === ORDER);
    expect(create).toMatchObject({ method: 'POST', body: { amount: 1200 } });
    expect(create?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  test('partial: the chosen amount is sent', async () => {
    const { seen } = mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${ORDER}`]: { status: 201, body: { orderID: 'ORDER-9' } } });
    renderWidget();
    await choose('Pay Partial (Min $500)');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '650');
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.created).toBe('ORDER-9'));
    expect(seen.find((r) => r.url === ORDER)?.body).toEqual({ amount: 650 });
  });

  test.each<[string, FakeReply | 'network-error']>([
    ['a server error', { status: 500, body: { error: 'Internal', message: 'Something went wrong' } }],
    ['PayPal unreachable', { status: 502, body: { error: 'BadGateway', message: 'PayPal could not be reached.' } }],
    ['a 400 without a message', { status: 400, body: { error: 'BadRequest' } }],
    ['a reply without orderID', { status: 201, body: {} }],
    ['no connection', 'network-error'],
  ])('create-order failure (%s): error "Failed to create order"', async (_case, reply) => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${ORDER}`]: reply });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: create order');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create order');
    expect(paypal.createError).toEqual(new Error('Failed to create order'));
    expect(paypal.created).toBeUndefined();
  });

  test('a 400 on the rules shows the server\'s message instead, and re-checks the balance', async () => {
    let checks = 0;
    const message = 'Amount must be the amount due ($700) or between $500 and $700.';
    mockServer({
      [`GET ${CHECK}`]: () => ((checks += 1), NOT_PAID),
      [`POST ${ORDER}`]: { status: 400, body: { error: 'BadRequest', message } },
    });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: create order');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Failed to create order')).not.toBeInTheDocument();
    expect(paypal.createError).toEqual(new Error(message));
    await waitFor(() => expect(checks).toBe(2));
  });

  test('a 409 "already paid" shows the server\'s message, and the re-check replaces the options', async () => {
    let checks = 0;
    const message = 'You have already paid for this program in full.';
    mockServer({
      [`GET ${CHECK}`]: () => ((checks += 1) === 1 ? NOT_PAID : { body: { hasPaid: true, amountPaid: 1200, dueAmount: 0 } }),
      [`POST ${ORDER}`]: { status: 409, body: { error: 'Conflict', message } },
    });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.createError).toEqual(new Error(message)));
    expect(await screen.findByText('You have already paid for this course. We will contact you shortly.')).toBeInTheDocument();
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
  });

  test('after a partial payment "Pay Balance" creates an order for the due', async () => {
    const { seen } = mockServer({
      [`GET ${CHECK}`]: { body: { hasPaid: false, amountPaid: 500, dueAmount: 700 } },
      [`POST ${ORDER}`]: { status: 201, body: { orderID: 'ORDER-10' } },
    });
    renderWidget();
    await choose('Pay Balance ($700)');
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.created).toBe('ORDER-10'));
    expect(seen.find((r) => r.url === ORDER)?.body).toEqual({ amount: 700 });
  });

  test('approval captures on our server, alerts success, resets the choice and refetches the check', async () => {
    let checks = 0;
    const { seen } = mockServer({
      [`GET ${CHECK}`]: () => {
        checks += 1;
        return checks === 1 ? NOT_PAID : { body: { hasPaid: true, amountPaid: 1200, dueAmount: 0 } };
      },
      [`POST ${ORDER}`]: { status: 201, body: { orderID: 'ORDER-9' } },
      [`POST ${CAPTURE}`]: { body: { message: 'Payment captured', payment: { _id: 'p-1' } } },
    });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.created).toBe('ORDER-9'));
    await press('PayPal: approve');
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment successful! You are now enrolled.'));
    const capture = seen.find((r) => r.url === CAPTURE);
    expect(capture).toMatchObject({ method: 'POST', body: { orderID: 'ORDER-9', programID: 'qp-1' } });
    expect(capture?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(await screen.findByText('You have already paid for this course. We will contact you shortly.')).toBeInTheDocument();
    expect(checks).toBe(2);
  });

  test('after approval the choice is back to none', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${CAPTURE}`]: { body: { message: 'ok' } } });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: approve');
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment successful! You are now enrolled.'));
    await waitFor(() => expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Pay Full ($1,200)' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('capture failure: error "Failed to capture order", no success alert, the button stays', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID, [`POST ${CAPTURE}`]: { status: 422, body: { error: 'Unprocessable', message: 'no' } } });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: approve');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to capture order');
    expect(alertSpy).not.toHaveBeenCalled();
    expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
  });

  test('a PayPal error alerts "An error occurred with PayPal"', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID });
    renderWidget();
    await choose('Pay Full ($1,200)');
    await press('PayPal: error');
    expect(alertSpy).toHaveBeenCalledWith('An error occurred with PayPal');
  });

  test('while the SDK loads a loading state replaces the button; a failed load says so', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID });
    paypal.state.isPending = true;
    const { unmount } = renderWidget();
    await choose('Pay Full ($1,200)');
    expect(screen.getByRole('status')).toHaveTextContent('Loading PayPal...');
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    unmount();
    paypal.state = { isPending: false, isRejected: true };
    renderWidget();
    await choose('Pay Full ($1,200)');
    expect(screen.getByRole('alert')).toHaveTextContent('PayPal could not be loaded. Please try again later.');
  });

  test('brings its own PayPal provider (it renders inside another module)', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID });
    renderWidget();
    await screen.findByRole('button', { name: 'Pay Full ($1,200)' });
    expect(paypal.providers[0]).toMatchObject({ clientId: 'sandbox-client-id', intent: 'capture', currency: 'USD' });
  });
});
