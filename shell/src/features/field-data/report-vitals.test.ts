import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import type { VitalsBatch } from '@institute/shared/contract';
import { ROUTES } from '../../app/route-table';
import { startVitalsReporting, type ReportedMetric, type VitalsReporting, type WebVitalsApi } from './report-vitals';
import { routePattern } from '../../lib/route-pattern';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: () => null }));

type Report = (metric: ReportedMetric) => void;

/** A stand-in for the web-vitals module: the test calls each metric's reporter itself. */
function fakeWebVitals() {
  const reporters: Partial<Record<string, Report>> = {};
  const api: WebVitalsApi = {
    onLCP: (r) => { reporters.LCP = r; },
    onCLS: (r) => { reporters.CLS = r; },
    onINP: (r) => { reporters.INP = r; },
    onFCP: (r) => { reporters.FCP = r; },
    onTTFB: (r) => { reporters.TTFB = r; },
  };
  const load = jest.fn(async () => api);
  const emit = (name: ReportedMetric['name'], value: number, id = `v-${name}`, navigationType = 'navigate') =>
    reporters[name]!({ name, value, id, navigationType });
  return { load, emit, reporters };
}

const VERSIONS = { shell: '0.1.0', mf_catalog: '0.2.1' };
let beacon: jest.Mock;
let reporting: VitalsReporting | null = null;

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}
function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
}
const sentBatches = (): VitalsBatch[] => beacon.mock.calls.map(([, body]) => JSON.parse(body as string));

/** Starts sampled on a loaded page and waits until web-vitals is "loaded". */
async function startSampled(extra: Parameters<typeof startVitalsReporting>[0] = {}) {
  const vitals = fakeWebVitals();
  reporting = startVitalsReporting({ sampleRate: 1, loadWebVitals: vitals.load, getVersions: () => VERSIONS, ...extra });
  await jest.runAllTimersAsync();
  return vitals;
}

beforeEach(() => {
  jest.useFakeTimers();
  setConfig(DEFAULT_CONFIG);
  setReadyState('complete');
  setWidth(1280);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  beacon = jest.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  window.history.pushState({}, '', '/');
});
afterEach(() => {
  reporting?.stop();
  reporting = null;
  jest.useRealTimers();
});

describe('sampling', () => {
  it('decides once per page load: a second call neither draws again nor starts again', () => {
    const random = jest.fn(() => 0.1);
    reporting = startVitalsReporting({ random, loadWebVitals: fakeWebVitals().load });
    expect(reporting.sampled).toBe(true);
    expect(startVitalsReporting({ random })).toBe(reporting);
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('reports a quarter of page loads by default', () => {
    reporting = startVitalsReporting({ random: () => 0.2499, loadWebVitals: fakeWebVitals().load });
    expect(reporting.sampled).toBe(true);
    reporting.stop();
    reporting = startVitalsReporting({ random: () => 0.25 });
    expect(reporting.sampled).toBe(false);
  });

  it("reads the rate from config.json's vitals.sampleRate", () => {
    setConfig({ ...DEFAULT_CONFIG, vitals: { sampleRate: 1 } });
    reporting = startVitalsReporting({ random: () => 0.999, loadWebVitals: fakeWebVitals().load });
    expect(reporting.sampled).toBe(true);
    reporting.stop();
    setConfig({ ...DEFAULT_CONFIG, vitals: { sampleRate: 0 } });
    reporting = startVitalsReporting({ random: () => 0 });
    expect(reporting.sampled).toBe(false);
  });

  it('treats a nonsense rate as the default, and clamps one outside 0..1', () => {
    setConfig({ ...DEFAULT_CONFIG, vitals: { sampleRate: 'all' as never } });
    reporting = startVitalsReporting({ random: () => 0.3 });
    expect(reporting.sampled).toBe(false);
    reporting.stop();
    setConfig({ ...DEFAULT_CONFIG, vitals: { sampleRate: 7 } });
    reporting = startVitalsReporting({ random: () => 0.999, loadWebVitals: fakeWebVitals().load });
    expect(reporting.sampled).toBe(true);
  });

  it('sends nothing and loads nothing when the page load is not sampled', async () => {
    const vitals = fakeWebVitals();
    reporting = startVitalsReporting({ sampleRate: 0.25, random: () => 0.8, loadWebVitals: vitals.load });
    await jest.runAllTimersAsync();
    window.dispatchEvent(new Event('load'));
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(vitals.load).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('loading web-vitals', () => {
  it('imports it only after the window load event', async () => {
    setReadyState('loading');
    const vitals = fakeWebVitals();
    reporting = startVitalsReporting({ sampleRate: 1, loadWebVitals: vitals.load, getVersions: () => VERSIONS });
    await jest.runAllTimersAsync();
    expect(vitals.load).not.toHaveBeenCalled();
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    await jest.runAllTimersAsync();
    expect(vitals.load).toHaveBeenCalledTimes(1);
    expect(Object.keys(vitals.reporters).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  });

  it('reports nothing, and throws nothing, when the chunk fails to load', async () => {
    reporting = startVitalsReporting({ sampleRate: 1, loadWebVitals: () => Promise.reject(new Error('ChunkLoadError')) });
    await jest.runAllTimersAsync();
    hide();
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('route mapping', () => {
  const patterns = ROUTES.map((r) => r.path);
  it.each([
    ['/', '/'],
    ['/courses', '/courses'],
    ['/courses/3f2a8c1e-7b4d-4e0a-9c55-2d1e6f7a8b90', '/courses/:id'],
    ['/courses/abc/', '/courses/:id'],
    ['/Courses', '/courses'],
    ['/quick-programs/42', '/quick-programs/:id'],
    ['/payment/77', '/payment/:id'],
    ['/payment', '/payment'],
    ['/payment-options', '/payment-options'],
    ['/blog/some%20post', '/blog/:id'],
    ['/admin', '/admin'],
    ['/no-such-page', '*'],
    ['/courses/1/2', '*'],
  ])('%s -> %s', (path, pattern) => {
    expect(routePattern(path, patterns)).toBe(pattern);
  });

  it('prefers a static segment over a parameter', () => {
    expect(routePattern('/blog/new', ['/blog/:id', '/blog/new'])).toBe('/blog/new');
    expect(routePattern('/blog/new', ['/blog/new', '/blog/:id'])).toBe('/blog/new');
  });
});

describe('batching and the beacon', () => {
  it('sends the pending values with sendBeacon when the page is hidden: route pattern, no raw URL, text body', async () => {
    window.history.pushState({}, '', '/courses/3f2a8c1e-7b4d-4e0a-9c55-2d1e6f7a8b90?utm_source=mail#top');
    setWidth(390);
    const vitals = await startSampled({ apiBaseUrl: 'https://api.example.test/' });
    vitals.emit('LCP', 1834.5);
    vitals.emit('CLS', 0.012, 'v-CLS', 'back-forward-cache');
    vitals.emit('INP', 96, 'v-INP', 'soft-navigation');
    expect(beacon).not.toHaveBeenCalled();
    hide();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('https://api.example.test/api/vitals');
    expect(typeof body).toBe('string');
    expect(JSON.parse(body)).toEqual({
      entries: [
        { metric: 'LCP', value: 1834.5, page: '/courses/:id', navigationType: 'navigate', device: 'mobile', versions: VERSIONS },
        { metric: 'CLS', value: 0.012, page: '/courses/:id', navigationType: 'back-forward-cache', device: 'mobile', versions: VERSIONS },
        { metric: 'INP', value: 96, page: '/courses/:id', navigationType: 'navigate', device: 'mobile', versions: VERSIONS },
      ],
    });
    expect(body).not.toMatch(/3f2a8c1e|utm_source|#top|localhost/);
  });

  it("uses config.json's apiBaseUrl by default and counts a wide viewport as desktop", async () => {
    setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: 'https://api.northbridge.example' });
    const vitals = await startSampled();
    vitals.emit('LCP', 900);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon.mock.calls[0]![0]).toBe('https://api.northbridge.example/api/vitals');
    expect(sentBatches()[0]!.entries[0]!.device).toBe('desktop');
  });

  it('batches at most 10 entries per beacon', async () => {
    const vitals = await startSampled();
    for (let i = 0; i < 12; i++) vitals.emit('CLS', i / 100, `cls-${i}`);
    hide();
    expect(sentBatches().map((b) => b.entries.length)).toEqual([10, 2]);
  });

  it('keeps the latest value of a metric until it is sent, and sends each metric instance once', async () => {
    const vitals = await startSampled();
    vitals.emit('CLS', 0.01);
    vitals.emit('CLS', 0.04);
    hide();
    vitals.emit('CLS', 0.09); // the same instance, after it was sent
    vitals.emit('LCP', 2100);
    window.dispatchEvent(new Event('pagehide'));
    expect(sentBatches().map((b) => b.entries.map((e) => [e.metric, e.value]))).toEqual([[['CLS', 0.04]], [['LCP', 2100]]]);
  });

  it('sends nothing when nothing is pending', async () => {
    await startSampled();
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('drops values the API would refuse instead of losing the whole batch', async () => {
    const vitals = await startSampled({ getVersions: () => ({ shell: '0.1.0', 'Bad Name': '1.0.0', mf_content: '<x>' }) });
    vitals.emit('LCP', 500_000);
    vitals.emit('INP', Number.NaN);
    vitals.emit('CLS', -0.1);
    vitals.emit('FCP', 800);
    hide();
    expect(sentBatches()).toEqual([{ entries: [expect.objectContaining({ metric: 'FCP', value: 800, versions: { shell: '0.1.0' } })] }]);
  });

  it('falls back to fetch with keepalive when sendBeacon refuses', async () => {
    beacon.mockReturnValue(false);
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const vitals = await startSampled();
    vitals.emit('LCP', 1200);
    hide();
    expect(fetchSpy).toHaveBeenCalledWith('http://localhost:4000/api/vitals', expect.objectContaining({
      method: 'POST', keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    }));
    expect(JSON.parse(fetchSpy.mock.calls[0]![1]!.body as string).entries[0]).toMatchObject({ metric: 'LCP', value: 1200 });
    fetchSpy.mockRestore();
  });

  it('falls back to fetch where sendBeacon does not exist', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const vitals = await startSampled();
    vitals.emit('INP', 180);
    hide();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    fetchSpy.mockRestore();
  });

  it('stops listening after stop()', async () => {
    const vitals = await startSampled();
    vitals.emit('LCP', 1000);
    reporting!.stop();
    hide();
    expect(beacon).not.toHaveBeenCalled();
  });
});
