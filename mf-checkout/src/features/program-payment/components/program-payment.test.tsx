import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { resetPayPal } from '../../../testing/paypal-mock';
import { API, mockServer, renderWithProviders, signIn } from '../../../testing/test-utils';
import { ProgramPayment } from './program-payment';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

const PROGRAM = { programId: 'qp-1', price: 1200, title: 'Phlebotomy Fast Track' };
const CHECK = `${API}/api/payments/check/qp-1`;
const NOT_PAID = { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } };

beforeEach(() => resetPayPal());

function renderWidget(props = PROGRAM) {
  return renderWithProviders(
    <Routes>
      <Route path="/quick-programs/:id" element={<ProgramPayment {...props} />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { route: `/quick-programs/${props.programId}`, strict: true },
  );
}

const full = () => screen.getByRole('button', { name: 'Pay Full ($1,200)' });
const partial = () => screen.getByRole('button', { name: 'Pay Partial (Min $500)' });
const amount = () => screen.getByLabelText('Amount to pay now (USD)');

describe('signed out', () => {
  test('shows both choices, checks nothing and sends either to /login', async () => {
    const { seen } = mockServer({});
    renderWidget();
    expect(partial()).toBeInTheDocument();
    await userEvent.click(full());
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  test('"Pay Partial" also goes to /login', async () => {
    mockServer({});
    renderWidget();
    await userEvent.click(partial());
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });
});

describe('signed in', () => {
  let token: string;
  beforeEach(() => {
    token = signIn();
  });

  test('checks the payment with the bearer and, when paid, replaces the options', async () => {
    const { seen } = mockServer({ [`GET ${CHECK}`]: { body: { hasPaid: true, amountPaid: 1200, dueAmount: 0 } } });
    renderWidget();
    expect(await screen.findByText('You have already paid for this course. We will contact you shortly.')).toBeInTheDocument();
    expect(seen[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  test('while checking it shows a loading state, then the choices without PayPal', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID });
    renderWidget();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your enrollment...');
    expect(await screen.findByRole('button', { name: 'Pay Full ($1,200)' })).toBeInTheDocument();
    expect(partial()).toBeInTheDocument();
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
  });

  test('a failed check still offers the payment', async () => {
    mockServer({ [`GET ${CHECK}`]: { status: 500, body: { error: 'Internal', message: 'boom' } } });
    renderWidget();
    expect(await screen.findByRole('button', { name: 'Pay Full ($1,200)' })).toBeInTheDocument();
  });

  test('a partial payment made earlier is summed up', async () => {
    mockServer({ [`GET ${CHECK}`]: { body: { hasPaid: false, amountPaid: 500, dueAmount: 700 } } });
    renderWidget();
    expect(await screen.findByText('Paid so far: $500. Remaining: $700.')).toBeInTheDocument();
  });

  test('"Pay Full" shows the PayPal button', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID });
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Full ($1,200)' }));
    expect(full()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount to pay now (USD)')).not.toBeInTheDocument();
  });

  test('paying in parts offers the program\'s payment plans, and paying in full does not', async () => {
    const plan = { id: 'plan1', programId: 'qp-1', name: 'Deposit and 2 monthly', deposit: 500, instalments: 2, anchor: 'enrollment_date', active: true };
    const deposit = { seq: 0, label: 'Deposit', dueOn: '2099-01-05', amount: 500, paid: 0, open: 500, overdue: false };
    const { seen } = mockServer({
      [`GET ${CHECK}`]: NOT_PAID,
      [`GET ${API}/api/payment-plans?programId=qp-1`]: { body: [plan] },
      [`PUT ${API}/api/payment-plans/mine`]: { body: { message: 'Payment plan chosen: Deposit and 2 monthly.', schedule: { next: deposit } } },
    });
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Full ($1,200)' }));
    expect(screen.queryByRole('form', { name: 'Payment plan' })).not.toBeInTheDocument();
    await userEvent.click(partial());
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Payment plan' }), 'plan1');
    await userEvent.click(screen.getByRole('button', { name: 'Use this plan' }));
    expect(await screen.findByText('Payment plan chosen: Deposit and 2 monthly. First payment: $500 due Jan 5, 2099.')).toBeInTheDocument();
    expect(seen.find((req) => req.method === 'PUT')?.body).toEqual({ planId: 'plan1' });
  });

  test('a program without a usable price offers no payment', () => {
    const { seen } = mockServer({});
    renderWidget({ ...PROGRAM, price: Number.NaN });
    expect(screen.getByText('Online payment is not available for this program.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  test('a numeric string price still works', async () => {
    mockServer({ [`GET ${CHECK}`]: NOT_PAID });
    renderWidget({ ...PROGRAM, price: '1200' as unknown as number });
    expect(await screen.findByRole('button', { name: 'Pay Full ($1,200)' })).toBeInTheDocument();
  });

  test('no partial option when the price is 500 or less', async () => {
    mockServer({ [`GET ${API}/api/payments/check/qp-2`]: NOT_PAID });
    renderWidget({ programId: 'qp-2', price: 500, title: 'CPR' });
    expect(await screen.findByRole('button', { name: 'Pay Full ($500)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Partial (Min $500)' })).not.toBeInTheDocument();
  });

  describe('partial', () => {
    beforeEach(async () => {
      mockServer({ [`GET ${CHECK}`]: NOT_PAID });
      renderWidget();
      await userEvent.click(await screen.findByRole('button', { name: 'Pay Partial (Min $500)' }));
    });

    test('shows a labelled amount defaulting to the price clamped to at least 500, with PayPal', () => {
      expect(amount()).toHaveValue(1200);
      expect(amount()).toHaveAttribute('min', '500');
      expect(amount()).toHaveAttribute('max', '1200');
      expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
    });

    test('below 500: "Minimum amount is $500" and no PayPal button', async () => {
      await userEvent.clear(amount());
      await userEvent.type(amount(), '499');
      expect(screen.getByText('Minimum amount is $500')).toBeInTheDocument();
      expect(amount()).toHaveAccessibleDescription('Minimum amount is $500');
      expect(amount()).toBeInvalid();
      expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    });

    test('empty counts as below the minimum', async () => {
      await userEvent.clear(amount());
      expect(screen.getByText('Minimum amount is $500')).toBeInTheDocument();
      expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    });

    test('above the price: "Amount cannot exceed program price ($1,200)" and no PayPal button', async () => {
      await userEvent.clear(amount());
      await userEvent.type(amount(), '1201');
      expect(screen.getByText('Amount cannot exceed program price ($1,200)')).toBeInTheDocument();
      expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    });

    test('in range (500 and 750): the PayPal button shows and no message', async () => {
      await userEvent.clear(amount());
      await userEvent.type(amount(), '500');
      expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
      await userEvent.clear(amount());
      await userEvent.type(amount(), '750');
      expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
      expect(screen.queryByText(/Minimum amount|cannot exceed/)).not.toBeInTheDocument();
    });

    test('switching to full hides the amount', async () => {
      await userEvent.click(full());
      expect(screen.queryByLabelText('Amount to pay now (USD)')).not.toBeInTheDocument();
      expect(screen.getByTestId('paypal-buttons')).toBeInTheDocument();
    });
  });
});
