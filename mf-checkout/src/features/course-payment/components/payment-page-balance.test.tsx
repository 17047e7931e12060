import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { redirect } from '../../../lib/redirect';
import { API, mockServer, pending, renderWithProviders, signIn, type FakeRoutes } from '../../../testing/test-utils';
import { PaymentPage } from './payment-page';

jest.mock('../../../lib/redirect');
const redirectMock = jest.mocked(redirect);

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 };
const CHECK = `GET ${API}/api/payments/check/c-1`;
const START = `POST ${API}/payment`;
const APPROVAL = 'https://sandbox.paypal.example/checkoutnow?token=ORDER-1';
const PARTLY = { body: { hasPaid: false, amountPaid: 500, dueAmount: 700 } };
const PAID = { body: { hasPaid: true, amountPaid: 1200, dueAmount: 0 } };
const ALREADY_PAID = 'You have already paid for this course. We will contact you shortly.';

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  signIn();
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  redirectMock.mockReset();
});
afterEach(() => alertSpy.mockRestore());

function renderPage(routes: FakeRoutes) {
  const server = mockServer(routes);
  renderWithProviders(
    <Routes>
      <Route path="/payment/:id" element={<PaymentPage />} />
    </Routes>,
    { route: { pathname: '/payment/c-1', state: { course: COURSE } } },
  );
  return server;
}

const amountInput = () => screen.getByLabelText('Partial amount (USD)');

test('while the balance is checked: a loading state under the course title and nothing to pay with', () => {
  renderPage({ [CHECK]: pending });
  expect(screen.getByRole('heading', { level: 1, name: COURSE.title })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Checking your enrollment...');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('paid in full: the already-paid text replaces every payment option, the checkout link too', async () => {
  const { seen } = renderPage({ [CHECK]: PAID });
  expect(await screen.findByText(ALREADY_PAID)).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Or pay by PayPal checkout' })).not.toBeInTheDocument();
  expect(seen.map((r) => r.method)).toEqual(['GET']);
});

describe('after a partial payment', () => {
  test('"Pay Balance $due" replaces "Pay Full" and the paid-so-far line shows; the price stays', async () => {
    renderPage({ [CHECK]: PARTLY });
    expect(await screen.findByRole('button', { name: 'Pay Balance $700' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay Full $1,200' })).not.toBeInTheDocument();
    expect(screen.getByText('Paid so far: $500. Remaining: $700.')).toBeInTheDocument();
    expect(screen.getByText('Course price:')).toHaveTextContent('Course price: $1,200');
  });

  test('"Pay Balance" starts a payment of the due', async () => {
    const { seen } = renderPage({ [CHECK]: PARTLY, [START]: { status: 201, body: { approval_url: APPROVAL } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Balance $700' }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith(APPROVAL));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ amount: 700, courseId: 'c-1' });
  });

  test('the partial input is capped at the due, with its own message above it', async () => {
    renderPage({ [CHECK]: PARTLY });
    await screen.findByRole('button', { name: 'Pay Balance $700' });
    expect(amountInput()).toHaveAttribute('max', '700');
    expect(amountInput()).toHaveValue(500);
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '701');
    expect(screen.getByText('Amount cannot exceed the amount due ($700)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Partial' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '700');
    expect(screen.getByRole('button', { name: 'Pay Partial' })).toHaveAttribute('aria-disabled', 'false');
    expect(screen.queryByText(/cannot exceed/)).not.toBeInTheDocument();
  });

  test('a due of $500 or less offers only the balance, with cents when it has them', async () => {
    renderPage({ [CHECK]: { body: { hasPaid: false, amountPaid: 899.5, dueAmount: 300.5 } } });
    expect(await screen.findByRole('button', { name: 'Pay Balance $300.50' })).toBeInTheDocument();
    expect(screen.getByText('Paid so far: $899.50. Remaining: $300.50.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Partial' })).not.toBeInTheDocument();
  });
});

test('a failed check still offers the spec\'s options: the server checks the amount anyway', async () => {
  renderPage({ [CHECK]: { status: 500, body: { error: 'Internal', message: 'boom' } } });
  // Enabled once the course's class sessions are read (it has none).
  const pay = await screen.findByRole('button', { name: 'Pay Full $1,200' });
  await waitFor(() => expect(pay).toBeEnabled());
  expect(screen.queryByText(/Paid so far/)).not.toBeInTheDocument();
});

test('a 409 from the server keeps the spec\'s alert and re-checks, which shows the already-paid state', async () => {
  let checks = 0;
  renderPage({
    [CHECK]: () => ((checks += 1) === 1 ? PARTLY : PAID),
    [START]: { status: 409, body: { error: 'Conflict', message: 'You have already paid for this program in full.' } },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Pay Balance $700' }));
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment initiation failed. Please try again.'));
  expect(await screen.findByText(ALREADY_PAID)).toBeInTheDocument();
  expect(checks).toBe(2);
});

test('a failure that is not about the balance does not re-check', async () => {
  let checks = 0;
  renderPage({
    [CHECK]: () => ((checks += 1), PARTLY),
    [START]: { status: 502, body: { error: 'BadGateway', message: 'PayPal could not be reached.' } },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Pay Balance $700' }));
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment initiation failed. Please try again.'));
  expect(checks).toBe(1);
});
