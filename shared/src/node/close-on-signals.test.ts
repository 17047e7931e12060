/** @jest-environment node */
import { closeOnSignals } from './close-on-signals';

// The grace timer must never fire for real: it would exit the test worker after the mocks are gone.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  jest.restoreAllMocks();
});

test('the first signal closes the server and exits 0; a second exits 1 at once', async () => {
  const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  let finish!: () => void;
  const app = { close: jest.fn(() => new Promise<void>((r) => { finish = r; })), log: { info: jest.fn() } };
  closeOnSignals(app);
  process.emit('SIGTERM');
  expect(app.close).toHaveBeenCalledTimes(1);
  expect(app.log.info).toHaveBeenCalledWith({ signal: 'SIGTERM' }, 'shutting down');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  process.emit('SIGINT');
  expect(exit).toHaveBeenLastCalledWith(1);
  expect(app.close).toHaveBeenCalledTimes(1);
  finish();
  await jest.advanceTimersByTimeAsync(0);
  expect(exit).toHaveBeenLastCalledWith(0);
});

test('a close that hangs past the grace period exits 1', async () => {
  const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  closeOnSignals({ close: () => new Promise(() => undefined), log: { info: () => undefined } }, 5_000);
  process.emit('SIGTERM');
  await jest.advanceTimersByTimeAsync(4_999);
  expect(exit).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(exit).toHaveBeenCalledWith(1);
});

test('a failed close exits 1', async () => {
  const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  closeOnSignals({ close: () => Promise.reject(new Error('stuck')), log: { info: () => undefined } });
  process.emit('SIGINT');
  await jest.advanceTimersByTimeAsync(0);
  expect(exit).toHaveBeenLastCalledWith(1);
});
