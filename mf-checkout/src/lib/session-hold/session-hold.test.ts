import { checkoutApi } from '@institute/shared/api/checkout';
import { API, mockFetch, signIn } from '../../testing/test-utils';
import { recallOrderSeat, rememberOrderSeat, verifyOrder } from './session-hold';

beforeEach(() => sessionStorage.clear());

test('holds a seat with POST /api/sessions/:id/holds, signed in', async () => {
  const token = signIn();
  const { seen } = mockFetch(() => ({ status: 201, body: { holdId: 'h-1', sessionId: 's-1', expiresAt: '2026-11-26T10:15:00Z' } }));
  await expect(checkoutApi.holdSeat('s-1')).resolves.toMatchObject({ holdId: 'h-1' });
  expect(seen[0]).toMatchObject({ method: 'POST', url: `${API}/api/sessions/s-1/holds` });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${token}`);
});

test('the success page\'s verify names the session the order was opened for, and nothing for other orders', async () => {
  signIn();
  rememberOrderSeat('ORDER-1', { sessionId: 's-2', holdId: 'h-9' });
  expect(recallOrderSeat('ORDER-1')).toEqual({ sessionId: 's-2', holdId: 'h-9' });
  const { seen } = mockFetch(() => ({ body: { message: 'ok' } }));
  await verifyOrder('ORDER-1');
  await verifyOrder('ORDER-2');
  expect(seen.map((req) => req.body)).toEqual([{ orderID: 'ORDER-1', sessionId: 's-2' }, { orderID: 'ORDER-2' }]);
});
