import { ApiError } from '@institute/shared/api';
import { captureWithRetry, isUnknownOutcome } from './capture-retry';

test('unknown outcomes: no answer, a timeout, 5xx, a capture of the balance in flight; the rest are final', () => {
  expect(isUnknownOutcome(new ApiError(0, 'Network', 'Failed to fetch'))).toBe(true);
  expect(isUnknownOutcome(new ApiError(0, 'Timeout', 'slow', 'timeout'))).toBe(true);
  expect(isUnknownOutcome(new ApiError(502, 'Bad Gateway', 'PayPal could not be reached.'))).toBe(true);
  expect(isUnknownOutcome(new ApiError(503, 'Service Unavailable', 'down'))).toBe(true);
  expect(isUnknownOutcome(new ApiError(409, 'Conflict', 'Another payment for this program is being processed. Please try again in a moment.'))).toBe(true);
  expect(isUnknownOutcome(new ApiError(409, 'Conflict', 'This payment would exceed the amount due ($0), so it was cancelled. No money was taken.'))).toBe(false);
  expect(isUnknownOutcome(new ApiError(422, 'Unprocessable', 'declined'))).toBe(false);
  expect(isUnknownOutcome(new ApiError(404, 'Not Found', 'Payment not found.'))).toBe(false);
});

test('retries the same call with the given waits until it answers', async () => {
  const calls: number[] = [];
  const retries: number[] = [];
  const capture = jest.fn(async () => {
    calls.push(Date.now());
    if (calls.length < 3) throw new ApiError(502, 'Bad Gateway', 'x');
    return 'captured';
  });
  const outcome = await captureWithRetry(capture, { delaysMs: [10, 30], onRetry: (n) => retries.push(n) });
  expect(outcome).toEqual({ kind: 'done', value: 'captured' });
  expect(capture).toHaveBeenCalledTimes(3);
  expect(retries).toEqual([1, 2]);
  expect(calls[2]! - calls[0]!).toBeGreaterThanOrEqual(35);
});

test('stops at once on a final answer, and after the last wait on unknown ones', async () => {
  const final = new ApiError(422, 'Unprocessable', 'declined');
  const failing = jest.fn(async () => { throw final; });
  expect(await captureWithRetry(failing, { delaysMs: [1, 1] })).toEqual({ kind: 'failed', error: final });
  expect(failing).toHaveBeenCalledTimes(1);
  const down = new ApiError(0, 'Network', 'Failed to fetch');
  const unknown = jest.fn(async () => { throw down; });
  expect(await captureWithRetry(unknown, { delaysMs: [1, 1] })).toEqual({ kind: 'unknown', error: down });
  expect(unknown).toHaveBeenCalledTimes(3);
});
