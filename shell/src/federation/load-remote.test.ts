import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemoteComponent, registerSiteRemotes, setRemoteLoadListener } from './load-remote';
import runtimeFallbackPlugin, { UNAVAILABLE } from './runtime-fallback-plugin';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.Mock;
const mockedRegister = registerRemotes as jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  mockedLoad.mockReset();
  mockedRegister.mockReset();
  registerSiteRemotes([{ name: 'mf_catalog', entry: 'http://localhost/mf-catalog/0.1.0/mf-manifest.json' }]);
});
afterEach(() => {
  jest.useRealTimers();
  setRemoteLoadListener(null);
});

const Page = () => null;

test('returns the exposed component when the remote loads', async () => {
  mockedLoad.mockResolvedValueOnce({ default: Page });
  await expect(loadRemoteComponent('mf_catalog/CoursesPage')).resolves.toEqual({ default: Page });
});

test('retries a failed load after re-registering the remote, then succeeds', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce({ default: Page });
  const result = loadRemoteComponent('mf_catalog/CoursesPage');
  await jest.advanceTimersByTimeAsync(300);
  await expect(result).resolves.toEqual({ default: Page });
  expect(mockedRegister).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'mf_catalog' })], { force: true });
});

test('gives up after a bounded number of attempts when the runtime keeps returning its fallback', async () => {
  mockedLoad.mockResolvedValue({ [UNAVAILABLE]: 'manifest unreachable' });
  const result = loadRemoteComponent('mf_catalog/CoursesPage');
  const settled = expect(result).rejects.toThrow('manifest unreachable');
  await jest.advanceTimersByTimeAsync(2000);
  await settled;
  expect(mockedLoad).toHaveBeenCalledTimes(3);
});

test('the runtime plugin turns a load error into the marker instead of a crash', () => {
  const plugin = runtimeFallbackPlugin();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const args = { id: 'mf_catalog/CoursesPage', error: new Error('down'), lifecycle: 'onLoad', from: 'runtime', origin: {} };
  expect(plugin.errorLoadRemote?.(args as never)).toMatchObject({ [UNAVAILABLE]: 'down' });
  expect(plugin.errorLoadRemote?.({ ...args, lifecycle: 'beforeRequest' } as never)).toBeUndefined();
  warn.mockRestore();
});

test("tells the listener how each load ended: the time to the module's code, or one failure after every retry", async () => {
  const outcomes: unknown[] = [];
  setRemoteLoadListener((outcome) => outcomes.push(outcome));
  mockedLoad.mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce({ default: Page });
  const loaded = loadRemoteComponent('mf_catalog/CoursesPage');
  await jest.advanceTimersByTimeAsync(300);
  await loaded;
  expect(outcomes).toEqual([{ id: 'mf_catalog/CoursesPage', ok: true, ms: expect.any(Number) }]);
  expect((outcomes[0] as { ms: number }).ms).toBeGreaterThanOrEqual(300);

  mockedLoad.mockReset().mockResolvedValue({ [UNAVAILABLE]: 'down' });
  const failed = expect(loadRemoteComponent('mf_catalog/PopularCourses')).rejects.toThrow('down');
  await jest.advanceTimersByTimeAsync(2000);
  await failed;
  expect(outcomes.slice(1)).toEqual([{ id: 'mf_catalog/PopularCourses', ok: false }]);
});
