import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { resetPayPal } from '../../../testing/paypal-mock';
import { API, mockServer, pending, renderWithProviders, signIn, type FakeRoutes } from '../../../testing/test-utils';
import { PaymentOptionsPage } from './payment-options-page';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 };
const CHECK = `GET ${API}/api/payments/check/c-1`;
const PARTLY = { body: { hasPaid: false, amountPaid: 500, dueAmount: 700 } };
const ALREADY_PAID = 'You have already paid for this course. We will contact you shortly.';

beforeEach(() => resetPayPal());

function renderPage(routes: FakeRoutes) {
  const server = mockServer(routes);
  renderWithProviders(
    <Routes>
      <Route path="/payment-options" element={<PaymentOptionsPage />} />
    </Routes>,
    { route: { pathname: '/payment-options', state: { course: COURSE } }, strict: true },
  );
  return server;
}

const proceed = () => screen.findByRole('button', { name: 'Proceed to Payment' });

test('signed out: nothing is checked and "Proceed to Payment" shows at once', () => {
  const { seen } = renderPage({});
  expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeInTheDocument();
  expect(seen).toHaveLength(0);
});

describe('signed in', () => {
  beforeEach(() => signIn());

  test('while checking: the course shows, "Proceed to Payment" waits', () => {
    renderPage({ [CHECK]: pending });
    expect(screen.getByRole('heading', { level: 2, name: COURSE.title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your enrollment...');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
  });

  test('paid in full: the already-paid text replaces "Proceed to Payment"', async () => {
    renderPage({ [CHECK]: { body: { hasPaid: true, amountPaid: 1200, dueAmount: 0 } } });
    expect(await screen.findByText(ALREADY_PAID)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
    expect(screen.getByText('$1,200.00')).toBeInTheDocument();
  });

  test('after a partial payment: the paid-so-far line, and the modal asks for the due', async () => {
    renderPage({ [CHECK]: PARTLY });
    await userEvent.click(await proceed());
    const card = screen.getByRole('heading', { level: 2, name: COURSE.title }).parentElement!;
    expect(within(card).getByText('Paid so far: $500. Remaining: $700.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Pay the balance for Medical Billing and Coding' });
    expect(dialog).toHaveTextContent('Pay the remaining $700.00 to complete your enrollment in this course.');
    expect(within(dialog).getByText('Paid so far: $500. Remaining: $700.')).toBeInTheDocument();
  });

  test('a failed check still offers the modal, which checks again before offering PayPal', async () => {
    let checks = 0;
    renderPage({ [CHECK]: () => ((checks += 1) === 1 ? { status: 503, body: { error: 'Unavailable', message: 'down' } } : PARTLY) });
    await userEvent.click(await proceed());
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Pay the remaining $700.00 to complete your enrollment in this course.')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName('Pay the balance for Medical Billing and Coding');
    expect(within(dialog).getByTestId('paypal-buttons')).toBeInTheDocument();
    expect(checks).toBe(2);
  });
});
