import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paypal, resetPayPal } from '../../../testing/paypal-mock';
import { API, LocationProbe, mockFetch, mockServer, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import type { CheckoutModalProps } from '../checkout-course';
import { CheckoutModal } from './checkout-modal';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 };

beforeEach(() => {
  resetPayPal();
  signIn();
});

/** The modal first learns the balance; nothing paid yet here, so the spec's behaviour applies. */
function renderModal(course: CheckoutModalProps['course'] = COURSE, onClose = jest.fn()) {
  const { seen } = mockServer({ [`GET ${API}/api/payments/check/${course._id}`]: { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } } });
  renderWithProviders(
    <>
      <CheckoutModal course={course} open onClose={onClose} />
      <LocationProbe />
    </>,
    { route: '/payment-options', strict: true },
  );
  return { seen, onClose };
}

const press = async (name: string) => userEvent.click(await screen.findByRole('button', { name }));
const location = () => screen.getByTestId('location');

describe('the price', () => {
  test.each<[string, unknown, string]>([
    ['a whole price with 2 decimals and a thousands separator', 1200, '1,200.00'],
    ['a price with cents', 99.5, '99.50'],
    ['a numeric string', '450', '450.00'],
    ['a missing price falls back to 10.00', undefined, '10.00'],
    ['a non-numeric price falls back to 10.00', 'free', '10.00'],
  ])('%s', async (_case, price, shown) => {
    renderModal({ ...COURSE, price });
    await screen.findByTestId('paypal-buttons');
    expect(screen.getByRole('dialog')).toHaveTextContent(`Complete your payment of $${shown} to enroll in this course.`);
  });

  test('is not rendered at all while closed', () => {
    mockFetch(pending);
    renderWithProviders(<CheckoutModal course={COURSE} open={false} onClose={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('paying with PayPal', () => {
  test('creates the order in the browser: capture intent, one USD unit referencing the course and the user', async () => {
    const { seen } = renderModal({ ...COURSE, price: 99.5 });
    await screen.findByTestId('paypal-buttons');
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.created).toBe('BROWSER-ORDER-1'));
    expect(paypal.create).toHaveBeenCalledWith({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'c-1',
          custom_id: 'user-1',
          description: 'Payment for Medical Billing and Coding',
          amount: { currency_code: 'USD', value: '99.50' },
        },
      ],
    });
    // Nothing but the balance check goes to our server until the payer approves.
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}/api/payments/check/c-1`]);
  });

  test('the fallback price is what is charged when the course has none', async () => {
    renderModal({ ...COURSE, price: undefined });
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.create).toHaveBeenCalled());
    expect(paypal.create.mock.calls[0]?.[0]).toMatchObject({ purchase_units: [{ amount: { value: '10.00' } }] });
  });

  test('approval captures the order, then goes to /payment-success?orderID=...', async () => {
    renderModal();
    await press('PayPal: create order');
    await waitFor(() => expect(paypal.created).toBe('BROWSER-ORDER-1'));
    await press('PayPal: approve');
    await waitFor(() => expect(location()).toHaveTextContent('/payment-success?orderID=BROWSER-ORDER-1'));
    expect(paypal.capture).toHaveBeenCalledTimes(1);
  });

  test.each<[string, () => void]>([
    ['the capture is rejected', () => paypal.capture.mockRejectedValue(new Error('INSTRUMENT_DECLINED'))],
    ['the order is not completed', () => paypal.capture.mockResolvedValue({ id: 'ORDER-1', status: 'VOIDED' })],
  ])('when %s it shows "Payment failed. Please try again." in the modal and stays', async (_case, arrange) => {
    arrange();
    renderModal();
    await press('PayPal: approve');
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
    expect(location()).toHaveTextContent(/^\/payment-options$/);
    expect(screen.getByTestId('paypal-buttons')).toHaveAttribute('data-disabled', 'false');
  });

  test('buttons are disabled and a processing note shows while capturing', async () => {
    paypal.capture.mockImplementation(() => new Promise(() => undefined));
    renderModal();
    await press('PayPal: approve');
    expect(await screen.findByText('Processing your payment...')).toBeInTheDocument();
    expect(screen.getByTestId('paypal-buttons')).toHaveAttribute('data-disabled', 'true');
  });

  test('cancelling goes to /payment-cancel?token={orderID}', async () => {
    renderModal();
    await press('PayPal: cancel');
    expect(location()).toHaveTextContent('/payment-cancel?token=ORDER-1');
  });

  test('a PayPal error shows "An error occurred with PayPal. Please try again." in the modal', async () => {
    renderModal();
    await press('PayPal: error');
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'An error occurred with PayPal. Please try again.',
    );
    expect(location()).toHaveTextContent(/^\/payment-options$/);
  });

  test('a new attempt clears the previous error', async () => {
    renderModal();
    await press('PayPal: error');
    await press('PayPal: create order');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  test('the Close button calls onClose', async () => {
    const { onClose } = renderModal();
    await press('Close');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
