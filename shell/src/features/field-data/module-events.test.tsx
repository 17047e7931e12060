import { act, render, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import type { ModuleEventsBatch } from '@institute/shared/contract';
import { RemoteSlot, setRemoteLoader } from '@institute/shared/federation';
import { loadRemoteComponent, registerSiteRemotes } from '../../federation/load-remote';
import type { SiteRegistry } from '../../federation/registry';
import { UNAVAILABLE } from '../../federation/runtime-fallback-plugin';
import { createModuleEventsReporter, MAX_ERRORS_PER_MODULE, type ModuleEventsReporter } from './module-events';
import { startModuleEvents } from './start-module-events';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), getInstance: () => null }));
const mockedLoad = loadRemote as jest.Mock;

const SITE = 'http://localhost';
const REMOTES = [
  { name: 'mf_catalog', entry: `${SITE}/mf-catalog/0.3.0/mf-manifest.json` },
  { name: 'mf_content', entry: `${SITE}/mf-content/1.1.0/mf-manifest.json` },
  { name: 'mf_admin', entry: 'http://localhost:3105/mf-manifest.json' },
];
const site = (over: Partial<SiteRegistry['selection']> = {}): SiteRegistry => ({
  remotes: REMOTES,
  selection: { why: { mf_catalog: 'canary', mf_content: 'live' }, fieldEvents: true, ...over },
});

let beacon: jest.Mock;
let running: ModuleEventsReporter | null = null;
const sent = (): ModuleEventsBatch[] => beacon.mock.calls.map(([, body]) => JSON.parse(body as string));

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: 'https://api.example.test/' });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  beacon = jest.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  window.history.pushState({}, '', '/courses/3f2a8c1e-7b4d-4e0a-9c55-2d1e6f7a8b90?utm_source=mail');
  mockedLoad.mockReset();
  (registerRemotes as jest.Mock).mockReset();
  registerSiteRemotes(REMOTES);
});
afterEach(() => {
  running?.stop();
  running = null;
  jest.useRealTimers();
});

describe('which page loads report', () => {
  it('none while no canary runs and every module is live: nothing listened to, nothing sent', async () => {
    running = startModuleEvents(site({ fieldEvents: false, why: { mf_catalog: 'live' } }));
    expect(running).toBeNull();
    mockedLoad.mockResolvedValue({ default: () => null });
    await loadRemoteComponent('mf_catalog/CoursesPage');
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
  });

  it("a browser on a preview reports even when no canary runs", () => {
    running = startModuleEvents(site({ fieldEvents: false, why: { mf_content: 'preview' } }));
    expect(running).not.toBeNull();
  });
});

describe('the loader, the boundaries and the beacon', () => {
  it('sends, when the page hides, a view with its load time per module, with the version and why; the page as its route pattern', async () => {
    running = startModuleEvents(site());
    mockedLoad.mockResolvedValue({ default: () => null });
    await loadRemoteComponent('mf_catalog/CoursesPage');
    await loadRemoteComponent('mf_catalog/PopularCourses');
    await loadRemoteComponent('mf_content/BlogListPage');
    expect(beacon).not.toHaveBeenCalled();
    hide();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe('https://api.example.test/api/module-events');
    expect(sent()).toEqual([{
      page: '/courses/:id',
      events: [
        { module: 'mf_catalog', version: '0.3.0', role: 'canary', kind: 'view', loadMs: expect.any(Number) },
        { module: 'mf_content', version: '1.1.0', role: 'live', kind: 'view', loadMs: expect.any(Number) },
      ],
    }]);
    expect(beacon.mock.calls[0]![1]).not.toMatch(/3f2a8c1e|utm_source/);
  });

  it('counts a load that failed after its retries once, as a page load that tried it, and not again as an error of the slot that shows the fallback', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    running = startModuleEvents(site());
    setRemoteLoader(loadRemoteComponent);
    mockedLoad.mockResolvedValue({ [UNAVAILABLE]: 'manifest unreachable' });
    render(<RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />);
    await act(async () => { await jest.advanceTimersByTimeAsync(3000); });
    expect(screen.getByText('The course catalog is unavailable right now.')).toBeInTheDocument();
    window.dispatchEvent(new Event('pagehide'));
    // A view too: a version that never loads still counts page loads, so its failures reach the withdrawal's minimum sample.
    expect(sent().flatMap((b) => b.events)).toEqual([
      { module: 'mf_catalog', version: '0.3.0', role: 'canary', kind: 'view' },
      { module: 'mf_catalog', version: '0.3.0', role: 'canary', kind: 'load-failure' },
    ]);
  });

  it("counts an error the module's boundary catches, and an uncaught error from the module's scripts; not the shell's", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    running = startModuleEvents(site());
    setRemoteLoader(loadRemoteComponent);
    mockedLoad.mockResolvedValue({ default: () => { throw new Error('canary bug'); } });
    render(<RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />);
    expect(await screen.findByText('The course catalog is unavailable right now.')).toBeInTheDocument();
    window.dispatchEvent(new ErrorEvent('error', { filename: `${SITE}/mf-content/1.1.0/__federation_expose_BlogListPage.js`, message: 'x' }));
    window.dispatchEvent(new ErrorEvent('error', { filename: `${SITE}/main.4f2a.js`, message: 'y' }));
    hide();
    expect(sent().flatMap((b) => b.events).map((e) => `${e.module} ${e.kind}`)).toEqual(['mf_catalog view', 'mf_catalog error', 'mf_content error']);
  });
});

describe('batching: nothing sent twice, nothing lost', () => {
  const make = (send = jest.fn()) => ({
    send,
    reporter: createModuleEventsReporter({ remotes: REMOTES, selection: site().selection, page: () => '/', send, buildVersion: () => '0.4.0-dev' }),
  });

  it('hidden then left sends once; what happens after a flush goes with the next', () => {
    const { send, reporter } = make();
    reporter.loaded('mf_catalog', 120.4);
    reporter.flush();
    reporter.flush();
    reporter.loaded('mf_catalog', 80); // the same module again: one view per page load
    reporter.threw('mf_catalog');
    reporter.flush();
    expect(send.mock.calls.map(([, batch]) => batch.events.map((e: { kind: string; loadMs?: number }) => [e.kind, e.loadMs]))).toEqual([
      [['view', 120]],
      [['error', undefined]],
    ]);
  });

  it('sends a full batch at once and keeps the rest; events of different pages go apart', () => {
    const send = jest.fn();
    let page = '/';
    const reporter = createModuleEventsReporter({ remotes: REMOTES, selection: site().selection, page: () => page, send });
    for (const remote of ['mf_catalog', 'mf_content', 'mf_admin']) {
      for (let i = 0; i < MAX_ERRORS_PER_MODULE + 2; i++) reporter.threw(remote);
    }
    expect(send).not.toHaveBeenCalled(); // 9 events, under a batch
    page = '/blog';
    reporter.loaded('mf_catalog', 10);
    reporter.loaded('mf_content', 10);
    reporter.loaded('mf_admin', 10);
    expect(send).toHaveBeenCalledTimes(2); // the 12th event filled a batch: one beacon per page
    expect(send.mock.calls.map(([, b]) => [b.page, b.events.length])).toEqual([['/', 9], ['/blog', 3]]);
    reporter.loadFailed('mf_admin');
    reporter.loadFailed('mf_admin');
    reporter.flush();
    expect(send.mock.calls.at(-1)![1]).toEqual({ page: '/blog', events: [expect.objectContaining({ module: 'mf_admin', kind: 'load-failure' })] });
  });

  it("an override reports its manifest's build version; a load time beyond two minutes is left out; unknown modules are not reported", () => {
    const { send, reporter } = make();
    reporter.loaded('mf_admin', 300_000);
    reporter.loaded('mf_unknown', 10);
    reporter.flush();
    expect(send.mock.calls[0]![1].events).toEqual([{ module: 'mf_admin', version: '0.4.0-dev', role: 'live', kind: 'view' }]);
  });

  it('falls back to fetch with keepalive when the beacon is refused', async () => {
    beacon.mockReturnValue(false);
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    running = startModuleEvents(site());
    mockedLoad.mockResolvedValue({ default: () => null });
    await loadRemoteComponent('mf_catalog/CoursesPage');
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchSpy).toHaveBeenCalledWith('https://api.example.test/api/module-events', expect.objectContaining({ method: 'POST', keepalive: true }));
    fetchSpy.mockRestore();
  });
});
