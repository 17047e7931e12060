import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { resetPayPal } from '../../../testing/paypal-mock';
import { API, mockServer, renderWithProviders, signIn, type FakeRoutes } from '../../../testing/test-utils';
import { ProgramPayment } from './program-payment';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

const PROGRAM = { programId: 'qp-1', price: 1200, title: 'Phlebotomy Fast Track' };
const CHECK = `GET ${API}/api/payments/check/qp-1`;
const PARTLY = { body: { hasPaid: false, amountPaid: 500, dueAmount: 700 } };

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  resetPayPal();
  signIn();
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

function renderWidget(routes: FakeRoutes) {
  const server = mockServer(routes);
  renderWithProviders(
    <Routes>
      <Route path="/quick-programs/:id" element={<ProgramPayment {...PROGRAM} />} />
    </Routes>,
    { route: '/quick-programs/qp-1', strict: true },
  );
  return server;
}

const amount = () => screen.getByLabelText('Amount to pay now (USD)');
const press = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('after a partial payment', () => {
  beforeEach(() => renderWidget({ [CHECK]: PARTLY }));

  test('"Pay Balance ($due)" replaces "Pay Full", under the paid-so-far line', async () => {
    const balance = await screen.findByRole('button', { name: 'Pay Balance ($700)' });
    expect(screen.queryByRole('button', { name: 'Pay Full ($1,200)' })).not.toBeInTheDocument();
    const line = screen.getByText('Paid so far: $500. Remaining: $700.');
    expect(line.compareDocumentPosition(balance) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await press('Pay Balance ($700)');
    expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
  });

  test('partial: defaults to the due and is capped there, with the due in the message', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Partial (Min $500)' }));
    expect(amount()).toHaveValue(700);
    expect(amount()).toHaveAttribute('max', '700');
    expect(amount()).toHaveAttribute('min', '500');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '701');
    expect(screen.getByText('Amount cannot exceed the amount due ($700)')).toBeInTheDocument();
    expect(amount()).toHaveAccessibleDescription('Amount cannot exceed the amount due ($700)');
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
  });

  test('partial: still at least $500, and 500..due offers PayPal', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Partial (Min $500)' }));
    await userEvent.clear(amount());
    await userEvent.type(amount(), '499');
    expect(screen.getByText('Minimum amount is $500')).toBeInTheDocument();
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '500');
    expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
    expect(screen.queryByText(/Minimum amount|cannot exceed/)).not.toBeInTheDocument();
  });
});

test('a due of $500 or less: only the balance is offered, cents shown', async () => {
  renderWidget({ [CHECK]: { body: { hasPaid: false, amountPaid: 899.5, dueAmount: 300.5 } } });
  expect(await screen.findByRole('button', { name: 'Pay Balance ($300.50)' })).toBeInTheDocument();
  expect(screen.getByText('Paid so far: $899.50. Remaining: $300.50.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pay Partial (Min $500)' })).not.toBeInTheDocument();
});

test.each([
  ['no amounts', { hasPaid: false }],
  ['amounts that are not numbers', { hasPaid: false, amountPaid: 'lots', dueAmount: null }],
  ['nothing paid', { hasPaid: false, amountPaid: 0, dueAmount: 1200 }],
])('a check with %s keeps the spec\'s options', async (_case, body) => {
  renderWidget({ [CHECK]: { body } });
  expect(await screen.findByRole('button', { name: 'Pay Full ($1,200)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pay Partial (Min $500)' })).toBeInTheDocument();
  expect(screen.queryByText(/Paid so far/)).not.toBeInTheDocument();
});

test('a partial payment made here refreshes the panel to the new balance', async () => {
  let checks = 0;
  renderWidget({
    [CHECK]: () => ((checks += 1) === 1 ? { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } } : PARTLY),
    [`POST ${API}/api/payments/create-order/qp-1`]: { status: 201, body: { orderID: 'ORDER-9' } },
    [`POST ${API}/api/payments/capture-order`]: { body: { message: 'ok', amountPaid: 500, dueAmount: 700 } },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Pay Partial (Min $500)' }));
  await userEvent.clear(amount());
  await userEvent.type(amount(), '500');
  await press('PayPal: create order');
  await press('PayPal: approve');
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment successful! You are now enrolled.'));
  expect(await screen.findByText('Paid so far: $500. Remaining: $700.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pay Balance ($700)' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
});
