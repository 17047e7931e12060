import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockServer, renderWithProviders, signIn } from '../../testing/test-utils';
import { PlanChoice } from './plan-choice';

const PLANS = `GET ${API}/api/payment-plans?programId=c-1`;
const CHOOSE = `PUT ${API}/api/payment-plans/mine`;
const plan = { id: 'plan1', programId: 'c-1', name: 'Deposit and 2 monthly', deposit: 500, instalments: 2, anchor: 'session_start', active: true };
const deposit = { seq: 0, label: 'Deposit', dueOn: '2099-01-05', amount: 500, paid: 0, open: 500, overdue: false };

beforeEach(() => signIn());

test('offers the course\'s plans by a labelled select and names the first payment once one is chosen with the session', async () => {
  const { seen } = mockServer({
    [PLANS]: { body: [plan] },
    [CHOOSE]: { body: { message: 'Payment plan chosen: Deposit and 2 monthly.', schedule: { next: deposit } } },
  });
  renderWithProviders(<PlanChoice programId="c-1" sessionId="s-1" />);
  const select = await screen.findByRole('combobox', { name: 'Payment plan' });
  expect(screen.getByRole('button', { name: 'Use this plan' })).toBeDisabled();
  await userEvent.selectOptions(select, 'Deposit and 2 monthly ($500 deposit, 2 monthly)');
  await userEvent.click(screen.getByRole('button', { name: 'Use this plan' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Payment plan chosen: Deposit and 2 monthly. First payment: $500 due Jan 5, 2099.');
  expect(seen.find((req) => req.method === 'PUT')?.body).toEqual({ planId: 'plan1', sessionId: 's-1' });
});

test('shows the server\'s refusal as sent, and nothing at all for a course without plans', async () => {
  mockServer({
    [PLANS]: { body: [plan] },
    [CHOOSE]: { status: 409, body: { error: 'Conflict', message: 'Your payment plan cannot be changed after a payment on it. Contact the institute to change it.' } },
  });
  const { unmount } = renderWithProviders(<PlanChoice programId="c-1" />);
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Payment plan' }), 'plan1');
  await userEvent.click(screen.getByRole('button', { name: 'Use this plan' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your payment plan cannot be changed after a payment on it. Contact the institute to change it.');
  unmount();

  // Side by side with a course that offers plans: once that one's select is there, the other has shown nothing.
  mockServer({ [PLANS]: { body: [plan] }, [`GET ${API}/api/payment-plans?programId=c-2`]: { body: [] } });
  renderWithProviders(<><PlanChoice programId="c-1" /><PlanChoice programId="c-2" /></>);
  await screen.findByRole('combobox', { name: 'Payment plan' });
  expect(screen.getAllByRole('form', { name: 'Payment plan' })).toHaveLength(1);
});
