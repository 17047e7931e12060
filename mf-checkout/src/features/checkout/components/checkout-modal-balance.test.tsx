import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paypal, resetPayPal } from '../../../testing/paypal-mock';
import { API, mockServer, pending, renderWithProviders, signIn, type FakeRoutes } from '../../../testing/test-utils';
import { CheckoutModal } from './checkout-modal';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 };
const CHECK = `GET ${API}/api/payments/check/c-1`;

beforeEach(() => resetPayPal());

function renderModal(routes: FakeRoutes) {
  const server = mockServer(routes);
  renderWithProviders(<CheckoutModal course={COURSE} open onClose={jest.fn()} />, { route: '/payment-options', strict: true });
  return { ...server, dialog: () => screen.getByRole('dialog', { name: /^(Enroll for|Pay the balance for) Medical Billing and Coding$/ }) };
}

const createPayPalOrder = () => userEvent.click(screen.getByRole('button', { name: 'PayPal: create order' }));
const charged = () => (paypal.create.mock.calls[0]?.[0] as { purchase_units: unknown[] }).purchase_units;

describe('signed in', () => {
  beforeEach(() => signIn({ id: 'student-7' }));

  test('nothing can be paid while the balance is checked', () => {
    const { dialog } = renderModal({ [CHECK]: pending });
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Checking your enrollment...');
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    expect(dialog()).not.toHaveTextContent('Complete your payment');
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  test('paid in full: the already-paid text instead of the PayPal buttons', async () => {
    const { dialog } = renderModal({ [CHECK]: { body: { hasPaid: true, amountPaid: 1200, dueAmount: 0 } } });
    expect(await within(dialog()).findByText('You have already paid for this course. We will contact you shortly.')).toBeInTheDocument();
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    expect(dialog()).not.toHaveTextContent('Complete your payment');
  });

  test('after a partial payment it reads as paying the balance, and asks for and charges the due, 2 decimals, with the paid-so-far line', async () => {
    const { dialog } = renderModal({ [CHECK]: { body: { hasPaid: false, amountPaid: 500, dueAmount: 700 } } });
    await screen.findByTestId('paypal-buttons');
    expect(dialog()).toHaveAccessibleName('Pay the balance for Medical Billing and Coding');
    expect(dialog()).toHaveTextContent('Pay the remaining $700.00 to complete your enrollment in this course.');
    expect(dialog()).not.toHaveTextContent('Complete your payment');
    expect(within(dialog()).getByText('Paid so far: $500. Remaining: $700.')).toBeInTheDocument();
    await createPayPalOrder();
    await waitFor(() => expect(paypal.create).toHaveBeenCalledTimes(1));
    expect(charged()).toEqual([
      { reference_id: 'c-1', custom_id: 'student-7', description: 'Payment for Medical Billing and Coding', amount: { currency_code: 'USD', value: '700.00' } },
    ]);
  });

  test('a due with cents is charged exactly', async () => {
    const { dialog } = renderModal({ [CHECK]: { body: { hasPaid: false, amountPaid: 899.5, dueAmount: 300.5 } } });
    await screen.findByTestId('paypal-buttons');
    expect(dialog()).toHaveTextContent('Pay the remaining $300.50 to complete your enrollment in this course.');
    await createPayPalOrder();
    await waitFor(() => expect(paypal.create).toHaveBeenCalledTimes(1));
    expect(charged()).toMatchObject([{ amount: { value: '300.50' } }]);
  });

  test('a failed check offers no payment (money taken here cannot be refused) until a retry succeeds', async () => {
    let checks = 0;
    const { dialog } = renderModal({
      [CHECK]: () => ((checks += 1) === 1 ? { status: 500, body: { error: 'Internal', message: 'boom' } } : { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } }),
    });
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'We could not check what you have already paid for this course. Please try again.',
    );
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('paypal-buttons');
    expect(dialog()).toHaveTextContent('Complete your payment of $1,200.00 to enroll in this course.');
    expect(dialog()).toHaveAccessibleName('Enroll for Medical Billing and Coding');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(checks).toBe(2);
  });
});

test('signed out (a host that opens it anyway): no check, the spec\'s price and no custom_id', async () => {
  const { seen, dialog } = renderModal({});
  expect(dialog()).toHaveTextContent('Complete your payment of $1,200.00 to enroll in this course.');
  await createPayPalOrder();
  await waitFor(() => expect(paypal.create).toHaveBeenCalledTimes(1));
  expect(charged()).toEqual([
    { reference_id: 'c-1', description: 'Payment for Medical Billing and Coding', amount: { currency_code: 'USD', value: '1200.00' } },
  ]);
  expect(seen).toHaveLength(0);
});
