import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '@institute/shared/router';
import { redirect } from '../../../lib/redirect';
import { API, mockFetch, pending, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../../testing/test-utils';
import { PaymentPage } from './payment-page';

jest.mock('../../../lib/redirect');
const redirectMock = jest.mocked(redirect);

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 };
const APPROVAL = 'https://sandbox.paypal.example/checkoutnow?token=ORDER-1';
const NOT_PAID: FakeReply = { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } };

type Handler = (req: SeenRequest) => FakeReply | Promise<FakeReply> | 'network-error';
/** A signed-in student's page first checks the balance; this answers that check and hands the rest on. */
const withCheck = (handler: Handler, check: FakeReply = NOT_PAID): Handler => (req) =>
  req.method === 'GET' && req.url.startsWith(`${API}/api/payments/check/`) ? check
    // No payment plans offered (decision 051): the plan choice shows nothing.
    : req.method === 'GET' && req.url.startsWith(`${API}/api/payment-plans?`) ? { body: [] } : handler(req);
const starts = (seen: SeenRequest[]) => seen.filter((r) => r.url === `${API}/payment`);

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  redirectMock.mockReset();
});
afterEach(() => alertSpy.mockRestore());

function renderPage(course: unknown = COURSE, id = 'c-1') {
  return renderWithProviders(
    <Routes>
      <Route path="/payment/:id" element={<PaymentPage />} />
      <Route path="/login" element={<p>Login page</p>} />
      <Route path="/payment-options" element={<CheckoutProbe />} />
    </Routes>,
    { route: { pathname: `/payment/${id}`, state: course === null ? null : { course } } },
  );
}

/** Stands in for /payment-options: shows the course it received in navigation state. */
function CheckoutProbe() {
  const { state } = useLocation() as { state: { course?: { _id?: string; title?: string; CourseDuration?: { calendarLength?: string } } } | null };
  return <p>Checkout for {state?.course?._id} {state?.course?.title} ({state?.course?.CourseDuration?.calendarLength})</p>;
}

const partialButton = () => screen.getByRole('button', { name: 'Pay Partial' });
const amountInput = () => screen.getByLabelText('Partial amount (USD)');

describe('without a course in navigation state', () => {
  test('says so and links back to /courses', () => {
    mockFetch(pending);
    renderPage(null);
    expect(screen.getByRole('alert')).toHaveTextContent('No course details found. Please go back and select a course.');
    expect(screen.getByRole('link', { name: 'Back to courses' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('treats a course without a usable price as missing', () => {
    mockFetch(pending);
    renderPage({ _id: 'c-1', title: 'Broken', price: 'abc' });
    expect(screen.getByText('No course details found. Please go back and select a course.')).toBeInTheDocument();
  });
});

describe('payment options', () => {
  test('shows the title and "Pay Full $price"; no partial option at or below $500', () => {
    mockFetch(pending);
    renderPage({ _id: 'c-2', title: 'CPR Basics', price: 500 });
    expect(screen.getByRole('heading', { level: 1, name: 'CPR Basics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Full $500' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay Partial' })).not.toBeInTheDocument();
    expect(screen.queryByText('Minimum partial payment: $500')).not.toBeInTheDocument();
  });

  test('above $500 offers a partial amount: number input 500..price, default 500, with the note', () => {
    mockFetch(pending);
    renderPage();
    expect(screen.getByRole('button', { name: 'Pay Full $1,200' })).toBeInTheDocument();
    const input = amountInput();
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('min', '500');
    expect(input).toHaveAttribute('max', '1200');
    expect(input).toHaveValue(500);
    expect(screen.getByRole('button', { name: 'Pay Partial' })).toBeEnabled();
    expect(screen.getByText('Minimum partial payment: $500')).toBeInTheDocument();
  });

  test('"Pay Partial" reads as disabled below 500 and above the price', async () => {
    mockFetch(pending);
    renderPage();
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '499');
    expect(partialButton()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '500');
    expect(partialButton()).toHaveAttribute('aria-disabled', 'false');
    expect(partialButton()).toBeEnabled();
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '1300');
    expect(partialButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Amount cannot exceed course price ($1,200)')).toBeInTheDocument();
  });

  test('pressing "Pay Partial" (or Enter) with an amount below 500 alerts and starts nothing', async () => {
    signIn();
    const { seen } = mockFetch(withCheck(pending));
    renderPage();
    await userEvent.clear(await screen.findByLabelText('Partial amount (USD)'));
    await userEvent.type(amountInput(), '400');
    await userEvent.click(partialButton());
    expect(alertSpy).toHaveBeenCalledWith('Partial payment must be at least $500');
    await userEvent.type(amountInput(), '{Enter}');
    expect(alertSpy).toHaveBeenCalledTimes(2);
    expect(starts(seen)).toHaveLength(0);
  });
});

describe('starting a payment', () => {
  function deferred() {
    let resolve!: (reply: FakeReply) => void;
    const promise = new Promise<FakeReply>((r) => { resolve = r; });
    return { promise, resolve };
  }

  test('POSTs /payment with the bearer and { amount, courseId }; both buttons read "Processing..." meanwhile', async () => {
    const token = signIn();
    const reply = deferred();
    const { seen } = mockFetch(withCheck(() => reply.promise));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Full $1,200' }));
    expect(starts(seen)[0]).toMatchObject({ method: 'POST', url: `${API}/payment`, body: { amount: 1200, courseId: 'c-1' } });
    expect(starts(seen)[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    const buttons = screen.getAllByRole('button', { name: 'Processing...' });
    expect(buttons).toHaveLength(2);
    buttons.forEach((b) => expect(b).toBeDisabled());
    reply.resolve({ body: { approval_url: APPROVAL } });
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith(APPROVAL));
    // Still locked while the browser leaves for the provider.
    screen.getAllByRole('button', { name: 'Processing...' }).forEach((b) => expect(b).toBeDisabled());
    expect(alertSpy).not.toHaveBeenCalled();
  });

  test('a partial payment sends the chosen amount', async () => {
    signIn();
    const { seen } = mockFetch(withCheck(() => ({ body: { approval_url: APPROVAL } })));
    renderPage();
    await userEvent.clear(await screen.findByLabelText('Partial amount (USD)'));
    await userEvent.type(amountInput(), '750');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Partial' }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith(APPROVAL));
    expect(starts(seen)[0]?.body).toEqual({ amount: 750, courseId: 'c-1' });
  });

  test('pays for the course shown (the one in state), even if the route id differs', async () => {
    signIn();
    const { seen } = mockFetch(withCheck(() => ({ body: { approval_url: APPROVAL } })));
    renderPage(COURSE, 'stale-id');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Full $1,200' }));
    await waitFor(() => expect(starts(seen)[0]?.body).toEqual({ amount: 1200, courseId: 'c-1' }));
    expect(seen[0]?.url).toBe(`${API}/api/payments/check/c-1`);
  });

  test('uses the route id when the course in state has no _id', async () => {
    signIn();
    const { seen } = mockFetch(withCheck(() => ({ body: { approval_url: APPROVAL } })));
    renderPage({ title: 'Phlebotomy', price: 300 }, 'route-id');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Full $300' }));
    await waitFor(() => expect(starts(seen)[0]?.body).toEqual({ amount: 300, courseId: 'route-id' }));
    expect(seen[0]?.url).toBe(`${API}/api/payments/check/route-id`);
  });

  test.each<[string, FakeReply | 'network-error']>([
    ['a server error', { status: 500, body: { error: 'Internal', message: 'boom' } }],
    ['a response without approval_url', { body: { id: 'ORDER-1' } }],
    ['an approval_url that is not a web address', { body: { approval_url: 'javascript:alert(1)' } }],
    ['no connection', 'network-error'],
  ])('%s alerts "Payment initiation failed. Please try again." and re-enables the buttons', async (_case, reply) => {
    signIn();
    mockFetch(withCheck(() => reply));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Full $1,200' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Payment initiation failed. Please try again.'));
    expect(redirectMock).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Full $1,200' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Pay Partial' })).toBeEnabled();
  });

  test('signed out, paying goes to /login without calling the server', async () => {
    const { seen } = mockFetch(pending);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Full $1,200' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });
});

describe('the checkout variant', () => {
  test('a link leads to /payment-options carrying the whole course in navigation state', async () => {
    mockFetch(pending);
    renderPage({ ...COURSE, CourseDuration: { calendarLength: '6 months' } });
    const link = screen.getByRole('link', { name: 'Or pay by PayPal checkout' });
    expect(link).toHaveAttribute('href', '/payment-options');
    await userEvent.click(link);
    expect(screen.getByText('Checkout for c-1 Medical Billing and Coding (6 months)')).toBeInTheDocument();
  });

  test('is not offered without a course', () => {
    mockFetch(pending);
    renderPage(null);
    expect(screen.queryByRole('link', { name: 'Or pay by PayPal checkout' })).not.toBeInTheDocument();
  });
});
