import { getConfig } from '@institute/shared/config';
import {
  MODULE_EVENTS_MAX_BATCH, MODULE_LOAD_MAX_MS,
  type ModuleEvent, type ModuleEventKind, type ModuleEventsBatch, type ModuleRole,
} from '@institute/shared/contract';
import type { RemoteDescriptor, VisitorSelection } from '../../federation/registry';
import { sendBeacon } from './send-beacon';

/** A module that throws in a loop is one failing page load, not thousands of rows: at most this many errors each. */
export const MAX_ERRORS_PER_MODULE = 3;

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/;

export interface ModuleEventsOptions {
  remotes: RemoteDescriptor[];
  selection: VisitorSelection;
  /** Defaults to config.json's `apiBaseUrl`. */
  apiBaseUrl?: string;
  /** The route pattern of the page the visitor is on now (never the raw URL). */
  page: () => string;
  /** A loaded module's build version from its manifest: the version of a module whose URL names none (an override). */
  buildVersion?: (remote: string) => string | undefined;
  send?: (url: string, batch: ModuleEventsBatch) => void;
}

export interface ModuleEventsReporter {
  /** The module's code arrived after `ms`: the page runs it (a view, once per module and page load). */
  loaded(remote: string, ms: number): void;
  /** The module could not be loaded, retries included (once per module and page load; a view without a load time too). */
  loadFailed(remote: string): void;
  /** The module threw (render error or uncaught error), up to MAX_ERRORS_PER_MODULE per page load. */
  threw(remote: string): void;
  /** The remote whose files a script URL is one of (an uncaught error's `filename`), if any. */
  remoteOfScript(url: string): string | undefined;
  /** Sends what is pending; also done when the page is hidden or left. */
  flush(): void;
  /** Sends what is pending and stops listening. */
  stop(): void;
}

interface Known { role: ModuleRole; urlVersion?: string; folder: string }

/** `https://site/mf-catalog/0.2.0/mf-manifest.json` -> its folder, and the version the deploy layout names in it. */
function describe(entry: string): { folder: string; version?: string } {
  const url = new URL(entry);
  const parts = url.pathname.split('/');
  const folder = `${url.origin}${parts.slice(0, -1).join('/')}/`;
  const version = parts.length >= 4 ? parts.at(-2) : undefined;
  return { folder, version: version && VERSION.test(version) ? version : undefined };
}

/**
 * Whether this page load reports module events: while a canary runs (the server says so in remotes.json), or when
 * this browser runs a version other than live (a preview, an override), so its team sees how it fares.
 */
export function reportsModuleEvents(selection: VisitorSelection): boolean {
  return selection.fieldEvents || Object.values(selection.why).some((why) => why !== 'live');
}

/**
 * Module health (issue 27, decision 039): for each remote this page load runs, which version and why, how long
 * its code took, a load that failed, and the errors it threw, batched and sent with sendBeacon when the page is
 * hidden or left (and as soon as a batch is full). Recording is a push onto a list: nothing here delays rendering.
 * Each event is sent at most once; what is pending when the page hides is sent then.
 */
export function createModuleEventsReporter(options: ModuleEventsOptions): ModuleEventsReporter {
  const known = new Map<string, Known>();
  for (const { name, entry } of options.remotes) {
    try {
      const { folder, version } = describe(entry);
      known.set(name, { role: options.selection.why[name] ?? 'live', urlVersion: version, folder });
    } catch {
      /* an entry that is not a URL: nothing to report it by */
    }
  }
  const send = options.send ?? sendBeacon;
  const pending: { page: string; event: ModuleEvent }[] = [];
  const viewed = new Set<string>();
  const failed = new Set<string>();
  const errorCounts = new Map<string, number>();

  const versionOf = (remote: string, info: Known) => {
    const built = options.buildVersion?.(remote);
    const version = info.role === 'override' ? built ?? info.urlVersion : info.urlVersion ?? built;
    return version && VERSION.test(version) ? version : 'unknown';
  };

  const flush = () => {
    if (pending.length === 0) return;
    const apiBaseUrl = (options.apiBaseUrl ?? getConfig().apiBaseUrl).replace(/\/$/, '');
    const byPage = new Map<string, ModuleEvent[]>();
    // Taken off the list before sending: a second flush (visibilitychange, then pagehide) sends nothing again.
    for (const { page, event } of pending.splice(0)) byPage.set(page, [...(byPage.get(page) ?? []), event]);
    for (const [page, events] of byPage) {
      for (let i = 0; i < events.length; i += MODULE_EVENTS_MAX_BATCH) {
        send(`${apiBaseUrl}/api/module-events`, { page, events: events.slice(i, i + MODULE_EVENTS_MAX_BATCH) });
      }
    }
  };

  const record = (remote: string, kind: ModuleEventKind, ms?: number) => {
    const info = known.get(remote);
    if (!info) return;
    const event: ModuleEvent = { module: remote, version: versionOf(remote, info), role: info.role, kind };
    if (ms !== undefined && Number.isFinite(ms) && ms >= 0 && ms <= MODULE_LOAD_MAX_MS) event.loadMs = Math.round(ms);
    pending.push({ page: options.page(), event });
    if (pending.length >= MODULE_EVENTS_MAX_BATCH) flush();
  };

  return {
    loaded(remote, ms) {
      if (viewed.has(remote)) return;
      viewed.add(remote);
      record(remote, 'view', ms);
    },
    loadFailed(remote) {
      if (failed.has(remote)) return;
      failed.add(remote);
      // The page load tried to run it: a view, so a version that never loads still adds up page loads, and the
      // withdrawal's minimum sample is reached.
      if (!viewed.has(remote)) {
        viewed.add(remote);
        record(remote, 'view');
      }
      record(remote, 'load-failure');
    },
    threw(remote) {
      const count = errorCounts.get(remote) ?? 0;
      if (count >= MAX_ERRORS_PER_MODULE) return;
      errorCounts.set(remote, count + 1);
      record(remote, 'error');
    },
    remoteOfScript(url) {
      for (const [remote, info] of known) {
        // A module served from the root of an origin (a dev server) owns that origin's scripts, never the page's own.
        if (url.startsWith(info.folder) && info.folder !== `${window.location.origin}/`) return remote;
      }
      return undefined;
    },
    flush,
    stop: flush,
  };
}
