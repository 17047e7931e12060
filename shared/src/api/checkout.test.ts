import { mockFetch, makeToken } from '../testing';
import { setConfig, DEFAULT_CONFIG } from '../config';
import { checkoutApi } from './checkout';

const API = 'http://api.test';

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: `${API}/` });
  localStorage.setItem('token', makeToken({ id: 'u-1', role: 'user' }));
});

test.each([
  ['check', () => checkoutApi.check('p/1'), 'GET', '/api/payments/check/p%2F1', undefined],
  ['holdSeat', () => checkoutApi.holdSeat('s-1'), 'POST', '/api/sessions/s-1/holds', undefined],
  ['start', () => checkoutApi.start({ amount: 500, courseId: 'c-1', sessionId: 's-1' }), 'POST', '/payment', { amount: 500, courseId: 'c-1', sessionId: 's-1' }],
  ['createOrder', () => checkoutApi.createOrder('qp-1', 500), 'POST', '/api/payments/create-order/qp-1', { amount: 500 }],
  ['createOrder for a session', () => checkoutApi.createOrder('qp-1', 500, 's-2'), 'POST', '/api/payments/create-order/qp-1', { amount: 500, sessionId: 's-2' }],
  ['captureOrder', () => checkoutApi.captureOrder({ orderID: 'O-1', programID: 'qp-1' }), 'POST', '/api/payments/capture-order', { orderID: 'O-1', programID: 'qp-1' }],
  ['verify', () => checkoutApi.verify({ orderID: 'O-1' }), 'POST', '/api/verify-payment', { orderID: 'O-1' }],
  ['complete', () => checkoutApi.complete({ token: 'O-1', payerID: 'P-1' }), 'POST', '/api/complete-payment', { token: 'O-1', payerID: 'P-1' }],
  ['cancel', () => checkoutApi.cancel('O 1'), 'POST', '/api/payment/cancel/O%201', undefined],
])('%s: %s %s, signed in, with its body', async (_name, call, method, path, body) => {
  const { seen } = mockFetch(() => ({ body: { message: 'ok' } }));
  await expect(call()).resolves.toEqual({ message: 'ok' });
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ method, url: `${API}${path}`, body });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${localStorage.getItem('token')}`);
});
