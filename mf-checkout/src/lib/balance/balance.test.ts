import { ApiError } from '@institute/shared/api';
import { dueExceeded, paymentCheckQuery, readBalance } from './payment-check';
import { balanceRefusal } from './refusal';

describe('readBalance', () => {
  test.each<[string, unknown, ReturnType<typeof readBalance>]>([
    ['hasPaid', { hasPaid: true, amountPaid: 1200, dueAmount: 0 }, { kind: 'paid' }],
    ['hasPaid without amounts', { hasPaid: true }, { kind: 'paid' }],
    ['a partial payment', { hasPaid: false, amountPaid: 500, dueAmount: 700 }, { kind: 'partial', paid: 500, due: 700 }],
    ['amounts as numeric strings', { hasPaid: false, amountPaid: '500.5', dueAmount: '699.5' }, { kind: 'partial', paid: 500.5, due: 699.5 }],
    ['paid something and nothing due', { hasPaid: false, amountPaid: 1200, dueAmount: 0 }, { kind: 'paid' }],
    ['nothing paid', { hasPaid: false, amountPaid: 0, dueAmount: 1200 }, { kind: 'unpaid' }],
    ['no amounts', { hasPaid: false }, { kind: 'unpaid' }],
    ['a due that is not a number', { hasPaid: false, amountPaid: 500, dueAmount: 'soon' }, { kind: 'unpaid' }],
    ['hasPaid as a string', { hasPaid: 'true' }, { kind: 'unpaid' }],
    ['no reply', undefined, { kind: 'unpaid' }],
  ])('%s', (_case, reply, expected) => {
    expect(readBalance(reply)).toEqual(expected);
  });
});

test('the check lives under the payments key, per program and per user', () => {
  expect(paymentCheckQuery('qp-1', 'user-1').queryKey).toEqual(['payments', 'check', 'qp-1', 'user-1']);
});

test('the over-the-due message shows cents only when there are some', () => {
  expect(dueExceeded(700)).toBe('Amount cannot exceed the amount due ($700)');
  expect(dueExceeded(700.5)).toBe('Amount cannot exceed the amount due ($700.50)');
});

describe('balanceRefusal', () => {
  test.each<[string, unknown, string | null]>([
    ['a 409 with a message', new ApiError(409, 'Conflict', 'You have already paid for this program in full.'), 'You have already paid for this program in full.'],
    ['a 400 with a message', new ApiError(400, 'BadRequest', 'Minimum amount is $500'), 'Minimum amount is $500'],
    ['a 400 without one', new ApiError(400, 'HttpError', 'HTTP error! status: 400', 'http', null, null), null],
    ['a blank message', new ApiError(409, 'Conflict', '  '), null],
    ['a 502', new ApiError(502, 'BadGateway', 'PayPal could not be reached.'), null],
    ['a network failure', new ApiError(0, 'NetworkError', 'The server could not be reached.'), null],
    ['any other error', new Error('No orderID'), null],
  ])('%s', (_case, error, expected) => {
    expect(balanceRefusal(error)).toBe(expected);
  });
});
