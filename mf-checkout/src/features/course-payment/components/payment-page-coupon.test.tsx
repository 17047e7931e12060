import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { redirect } from '../../../lib/redirect';
import { API, mockServer, renderWithProviders, signIn, type FakeReply, type FakeRoutes } from '../../../testing/test-utils';
import { PaymentPage } from './payment-page';

jest.mock('../../../lib/redirect');

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 };
const CHECK = `GET ${API}/api/payments/check/c-1`;
const APPLY = `POST ${API}/api/coupons/apply`;
const START = `POST ${API}/payment`;
const ENROLL = `POST ${API}/api/coupons/enroll`;
const UNPAID = { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } };
const WITH_COUPON = { body: { hasPaid: false, amountPaid: 0, dueAmount: 960, coupon: { code: 'SAVE20', discount: 240, confirmed: false } } };

beforeEach(() => {
  signIn();
  jest.mocked(redirect).mockReset();
});

/** The check answers `before` until a code is applied, `after` from then on, as the server's held coupon does. */
function renderPage(before: FakeReply, after: FakeReply, routes: FakeRoutes = {}) {
  let applied = false;
  const server = mockServer({
    [CHECK]: () => (applied ? after : before),
    ...routes,
    [APPLY]: () => {
      const reply = routes[APPLY];
      const answer = (typeof reply === 'function' ? reply() : reply) as FakeReply;
      if ((answer.status ?? 200) < 300) applied = true;
      return answer;
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/payment/:id" element={<PaymentPage />} />
    </Routes>,
    { route: { pathname: '/payment/c-1', state: { course: COURSE } } },
  );
  return server;
}

test('a labelled "Coupon code" field applies a code; the discount and what is left show, and Pay Full pays that', async () => {
  const user = userEvent.setup();
  const { seen } = renderPage(UNPAID, WITH_COUPON, {
    [APPLY]: { body: { code: 'SAVE20', discount: 240, price: 1200, amountPaid: 0, dueAmount: 960, message: 'Coupon SAVE20 applied: $240 off. $960 left to pay.' } },
    [START]: { status: 201, body: { approval_url: 'https://sandbox.paypal.example/checkoutnow?token=ORDER-1' } },
  });
  const full = await screen.findByRole('button', { name: 'Pay Full $1,200' });
  await waitFor(() => expect(full).toBeEnabled());
  await user.type(screen.getByLabelText('Coupon code'), 'save20');
  await user.click(screen.getByRole('button', { name: 'Apply' }));

  const prices = await screen.findByLabelText('Price with coupon');
  expect(within(prices).getByText('Coupon SAVE20')).toBeInTheDocument();
  expect(within(prices).getByText('−$240')).toBeInTheDocument();
  expect(within(prices).getByText('Left to pay')).toBeInTheDocument();
  expect(within(prices).getByText('$960')).toBeInTheDocument();
  expect(seen.find((r) => r.method === 'POST' && r.url.endsWith('/api/coupons/apply'))?.body).toEqual({ code: 'save20', programId: 'c-1' });

  await user.click(screen.getByRole('button', { name: 'Pay Full $960' }));
  await waitFor(() => expect(seen.find((r) => r.url.endsWith('/payment'))?.body).toEqual({ amount: 960, courseId: 'c-1' }));
});

test("the server's refusal shows as sent, beside the field, and nothing changes", async () => {
  const user = userEvent.setup();
  renderPage(UNPAID, WITH_COUPON, { [APPLY]: { status: 409, body: { error: 'Conflict', message: 'This coupon has been used up.' } } });
  await user.type(await screen.findByLabelText('Coupon code'), 'LASTONE');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has been used up.');
  expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Pay Full $1,200' })).toBeEnabled();
});

test('an empty code is not sent', async () => {
  const user = userEvent.setup();
  const { seen } = renderPage(UNPAID, WITH_COUPON);
  await user.click(await screen.findByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter a coupon code.');
  expect(seen.some((r) => r.method === 'POST')).toBe(false);
});

test('a coupon covering the whole price: no PayPal, "Enroll without payment" enrolls', async () => {
  const user = userEvent.setup();
  const free = { body: { hasPaid: false, amountPaid: 0, dueAmount: 0, coupon: { code: 'FULLRIDE', discount: 1200, confirmed: false } } };
  const { seen } = renderPage(free, free, { [ENROLL]: { status: 201, body: { message: 'You are enrolled. Your coupon covers the whole price, so there is nothing to pay.' } } });
  await user.click(await screen.findByRole('button', { name: 'Enroll without payment' }));
  expect(await screen.findByText('You are enrolled. Your coupon covers the whole price, so there is nothing to pay.')).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('button', { name: /Pay Full/ })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Partial amount (USD)')).not.toBeInTheDocument();
  expect(seen.find((r) => r.url.endsWith('/api/coupons/enroll'))?.body).toEqual({ programId: 'c-1' });
});
