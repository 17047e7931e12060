import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { ERASURE_TEXT, ErasureRequests } from './erasure-requests';

const open = {
  id: 'r1', number: 7, status: 'pending', user: { id: 'u-2', username: 'alice', email: 'alice@example.com' },
  requestedAt: '2026-11-20T10:00:00.000Z', decidedAt: null, decidedBy: null, decisionReason: null,
};
const approved = { ...open, status: 'approved', user: { id: 'u-2', username: 'Erased student #7', email: 'erased-7@erased.invalid' },
  decidedAt: '2026-11-21T10:00:00.000Z', decidedBy: { id: 'admin-1', username: 'root' } };

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => confirmSpy.mockRestore());

test('shows nothing while there is no request', async () => {
  signIn();
  const { seen } = mockFetch(() => ({ body: [] }));
  const { container } = renderWithProviders(<ErasureRequests />);
  await waitFor(() => expect(seen.map((r) => r.url)).toEqual([`${API}/api/admin/erasure-requests`]));
  expect(container.querySelector('table')).toBeNull();
});

test('approves after a confirmation naming the student, then shows the erased name', async () => {
  signIn();
  let decided = false;
  const { seen } = mockFetch((req) => {
    if (req.method === 'POST') {
      decided = true;
      return { body: approved };
    }
    return { body: decided ? [approved] : [open] };
  });
  renderWithProviders(<ErasureRequests />);
  const table = await screen.findByRole('table', { name: ERASURE_TEXT.caption });
  const row = within(table).getByRole('row', { name: /alice/ });
  expect(row).toHaveTextContent('Waiting');
  await userEvent.click(within(row).getByRole('button', { name: 'Approve and erase alice' }));
  expect(confirmSpy).toHaveBeenCalledWith(ERASURE_TEXT.confirmApprove('alice'));
  expect(await screen.findByRole('status')).toHaveTextContent('The data was erased. The student\'s payments and receipts now read "Erased student #7".');
  expect(seen.find((r) => r.method === 'POST')).toMatchObject({ url: `${API}/api/admin/erasure-requests/r1/approve`, body: {} });
  expect(await screen.findByRole('row', { name: /Erased student #7/ })).toHaveTextContent('Erased');
});

test('a refused approval changes nothing and shows why; declining needs a reason, which is sent', async () => {
  signIn();
  confirmSpy.mockReturnValue(false);
  const { seen } = mockFetch((req) => {
    if (req.url.endsWith('/approve')) return { status: 409, body: { error: 'Conflict', message: 'This student owes $1,200.00. Settle or adjust the balance, or withdraw the enrollment, before erasing the account.' } };
    if (req.url.endsWith('/decline')) return { body: { ...open, status: 'declined', decidedAt: '2026-11-21T10:00:00.000Z', decisionReason: 'Balance open' } };
    return { body: [open] };
  });
  renderWithProviders(<ErasureRequests />);
  const approve = await screen.findByRole('button', { name: 'Approve and erase alice' });
  await userEvent.click(approve);
  expect(seen.some((r) => r.method === 'POST')).toBe(false);
  confirmSpy.mockReturnValue(true);
  await userEvent.click(approve);
  expect(await screen.findByRole('alert')).toHaveTextContent('This student owes $1,200.00.');

  await userEvent.click(screen.getByRole('button', { name: 'Decline the request of alice' }));
  const form = screen.getByRole('form', { name: 'Decline the request of alice' });
  await userEvent.type(within(form).getByLabelText(ERASURE_TEXT.reasonLabel), 'Balance open');
  await userEvent.click(within(form).getByRole('button', { name: 'Decline request' }));
  expect(await screen.findByRole('status')).toHaveTextContent(ERASURE_TEXT.declined);
  expect(seen.filter((r) => r.url.endsWith('/decline')).map((r) => r.body)).toEqual([{ reason: 'Balance open' }]);
});
