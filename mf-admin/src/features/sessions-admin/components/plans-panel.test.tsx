import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentPlan } from '@institute/shared/contract';
import { API, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { PlansPanel } from './plans-panel';

const PLAN: PaymentPlan = { id: 'pl-1', programId: 'c-1', name: 'Deposit and 3 monthly', deposit: 300, instalments: 3, anchor: 'session_start', active: true };

/** The API's plans of course c-1, with its price check as the server words it. */
function serve(initial: PaymentPlan[]) {
  let plans = initial;
  return mockFetch((req) => {
    if (req.url === `${API}/api/admin/payment-plans?programId=c-1` && req.method === 'GET') return { body: plans };
    if (req.url === `${API}/api/admin/payment-plans` && req.method === 'POST') {
      const body = req.body as { name: string; deposit: number; instalments: number; instalmentAmount?: number; anchor: PaymentPlan['anchor'] };
      if (body.instalmentAmount !== undefined && body.deposit + body.instalments * body.instalmentAmount !== 1200) {
        return { status: 400, body: { error: 'Bad Request', message: 'The deposit and 2 instalments of $400 make $1,100, not the price of $1,200.' } };
      }
      const plan = { id: `pl-${plans.length + 1}`, programId: 'c-1', name: body.name, deposit: body.deposit, instalments: body.instalments, anchor: body.anchor, active: true };
      plans = [...plans, plan];
      return { status: 201, body: plan };
    }
    if (req.url === `${API}/api/admin/payment-plans/pl-1/retire` && req.method === 'POST') {
      plans = plans.map((p) => (p.id === 'pl-1' ? { ...p, active: false } : p));
      return { body: plans[0] };
    }
    return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  });
}

const renderPanel = () => renderWithProviders(<PlansPanel programId="c-1" title="Medical Assistant" />);

beforeEach(() => signIn());

test('lists the plans a course offers, and says how students pay when it has none', async () => {
  serve([]);
  const { unmount } = renderPanel();
  expect(await screen.findByText('No payment plans yet: students pay in full or in parts of at least $500.')).toBeInTheDocument();
  unmount();

  serve([PLAN, { ...PLAN, id: 'pl-2', name: 'Three monthly', deposit: 0, anchor: 'enrollment_date', active: false }]);
  renderPanel();
  const offered = await screen.findByRole('row', { name: /Deposit and 3 monthly/ });
  expect(offered).toHaveTextContent('$300');
  expect(offered).toHaveTextContent('3 monthly');
  expect(offered).toHaveTextContent("Monthly from the session's start");
  expect(offered).toHaveTextContent('Offered');
  const retired = screen.getByRole('row', { name: /Three monthly/ });
  expect(retired).toHaveTextContent('None');
  expect(retired).toHaveTextContent('Monthly from the day the student chooses the plan');
  expect(retired).toHaveTextContent('Retired');
  expect(within(retired).queryByRole('button')).not.toBeInTheDocument();
});

test('offering a plan posts what was typed; the server\'s refusal is shown in its words and nothing is listed', async () => {
  const { seen } = serve([]);
  renderPanel();
  await screen.findByText(/No payment plans yet/);
  await userEvent.type(screen.getByLabelText('Plan name'), 'Deposit and 2 monthly');
  await userEvent.clear(screen.getByLabelText('Deposit ($, 0 for none)'));
  await userEvent.type(screen.getByLabelText('Deposit ($, 0 for none)'), '300');
  await userEvent.clear(screen.getByLabelText('Monthly instalments'));
  await userEvent.type(screen.getByLabelText('Monthly instalments'), '2');
  await userEvent.type(screen.getByLabelText('Each instalment ($, checked against the price)'), '400');
  await userEvent.click(screen.getByRole('button', { name: 'Offer plan' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The deposit and 2 instalments of $400 make $1,100, not the price of $1,200.');
  expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
    programId: 'c-1', name: 'Deposit and 2 monthly', deposit: 300, instalments: 2, instalmentAmount: 400, anchor: 'session_start',
  });
  expect(screen.queryByRole('row', { name: /Deposit and 2 monthly/ })).not.toBeInTheDocument();

  await userEvent.clear(screen.getByLabelText('Each instalment ($, checked against the price)'));
  await userEvent.type(screen.getByLabelText('Each instalment ($, checked against the price)'), '450');
  await userEvent.selectOptions(screen.getByLabelText('Due dates'), 'Monthly from the day the student chooses the plan');
  await userEvent.click(screen.getByRole('button', { name: 'Offer plan' }));
  expect(await screen.findByRole('row', { name: /Deposit and 2 monthly/ })).toHaveTextContent('Monthly from the day the student chooses the plan');
  expect(screen.getByText('Plan "Deposit and 2 monthly" offered.')).toBeInTheDocument();
  expect(screen.getByLabelText('Plan name')).toHaveValue('');
});

test('retiring asks first, then the plan reads Retired with no action left', async () => {
  const { seen } = serve([PLAN]);
  renderPanel();
  const retire = await screen.findByRole('button', { name: 'Retire Deposit and 3 monthly' });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  await userEvent.click(retire);
  expect(seen.some((r) => r.url.endsWith('/retire'))).toBe(false);
  await userEvent.click(retire);
  await waitFor(() => expect(screen.getByRole('row', { name: /Deposit and 3 monthly/ })).toHaveTextContent('Retired'));
  expect(screen.getByText('Plan "Deposit and 3 monthly" retired.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retire Deposit and 3 monthly' })).not.toBeInTheDocument();
  expect(confirm).toHaveBeenCalledTimes(2);
  confirm.mockRestore();
});
