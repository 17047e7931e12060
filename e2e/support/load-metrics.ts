import type { CDPSession, Page } from '@playwright/test';

/** Collects layout shifts from the first paint on (not after input, as CLS counts them). */
export async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
        w.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Cumulative layout shift of the page so far, and what moved. */
export async function layoutShift(page: Page): Promise<{ cls: number; sources: string[] }> {
  return page.evaluate(() => {
    const shifts = (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts;
    return { cls: shifts.reduce((sum, s) => sum + s.value, 0), sources: shifts.flatMap((s) => s.sources) };
  });
}

export interface LoadedResource {
  url: string;
  type: string;
  /** Bytes on the wire, headers included (gzip where the server compresses). */
  transferred: number;
  /** 1 for what the HTML asks for (tags and preloads), 2 for what those scripts ask for, and so on. */
  depth: number;
  /** Asked for before the window's load event: it shared the network with the page's first paint. */
  beforeLoad: boolean;
}

/** Records every request of one page load with its size and its depth in the request chain. */
export async function recordLoad(page: Page): Promise<{ resources: () => LoadedResource[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Page.enable');
  const byId = new Map<string, { url: string; type: string; initiator: string | null; transferred: number; beforeLoad: boolean }>();
  let loaded = false;
  // On the same session as the network events, so their order is the browser's.
  cdp.on('Page.loadEventFired', () => { loaded = true; });
  const depthOf = new Map<string, number>();
  let documentUrl = '';
  cdp.on('Network.requestWillBeSent', (event) => {
    const { requestId, request, initiator, type } = event;
    if (type === 'Document') {
      documentUrl = request.url;
      loaded = false;
    }
    const frames = initiator.stack?.callFrames ?? initiator.stack?.parent?.callFrames ?? [];
    const from = initiator.type === 'script' ? (frames[0]?.url ?? null) : (initiator.url ?? documentUrl);
    byId.set(requestId, { url: request.url, type: type ?? 'Other', initiator: from, transferred: 0, beforeLoad: !loaded });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) entry.transferred = event.encodedDataLength;
  });
  const depth = (url: string, seen = new Set<string>()): number => {
    if (url === documentUrl) return 0;
    if (depthOf.has(url)) return depthOf.get(url)!;
    const entry = [...byId.values()].find((e) => e.url === url);
    if (!entry || !entry.initiator || seen.has(url)) return 1;
    seen.add(url);
    const d = depth(entry.initiator, seen) + 1;
    depthOf.set(url, d);
    return d;
  };
  return {
    cdp,
    resources: () => [...byId.values()].map((e) => ({ url: e.url, type: e.type, transferred: e.transferred, beforeLoad: e.beforeLoad, depth: e.url === documentUrl ? 0 : depth(e.url) })),
  };
}
