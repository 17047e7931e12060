import { setConfig, DEFAULT_CONFIG } from '../config';
import { answeredStatus, messageFor, serverMessage, statusText } from './error-message';
import { request } from './http';

beforeEach(() => setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: 'http://api.test/' }));

const failWith = async (response: Response | Error) => {
  global.fetch = response instanceof Error ? jest.fn().mockRejectedValue(response) : jest.fn().mockResolvedValue(response);
  return request('/x').catch((error: unknown) => error);
};

test("the server's own message is what messageFor shows", async () => {
  const error = await failWith(new Response('{"error":"Conflict","message":"Cannot demote the last admin."}', { status: 409 }));
  expect(serverMessage(error)).toBe('Cannot demote the last admin.');
  expect(messageFor(error, 'Failed to update user')).toBe('Cannot demote the last admin.');
  expect(answeredStatus(error)).toBe(409);
});

test('an answer without a message of its own falls back, and the spec status text names the code', async () => {
  const error = await failWith(new Response('', { status: 500 }));
  expect(serverMessage(error)).toBeNull();
  expect(messageFor(error, 'Failed to add blog')).toBe('Failed to add blog');
  expect(statusText(error, 'Failed to save course')).toBe('HTTP error! status: 500');
});

test('no answer at all: no status, no server message, the fallback everywhere', async () => {
  const error = await failWith(new TypeError('Failed to fetch'));
  expect(answeredStatus(error)).toBeNull();
  expect(messageFor(error, 'Failed to fetch payments')).toBe('Failed to fetch payments');
  expect(statusText(error, 'Failed to delete course')).toBe('Failed to delete course');
  expect(messageFor(new Error('not from the API'), 'fallback')).toBe('fallback');
});
