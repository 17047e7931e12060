import type { RemoteComponent } from '@institute/shared/federation';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId } from '@institute/shared/contract';
import type { RemoteDescriptor } from './registry';
import { UNAVAILABLE } from './runtime-fallback-plugin';

type RemoteModule = { default?: RemoteComponent; [UNAVAILABLE]?: string };

const RETRY_DELAYS_MS = [300, 1200];
let registered: RemoteDescriptor[] = [];

/** How one load of an exposed module ended: its code arrived after `ms`, or it failed after every retry. */
export type RemoteLoadOutcome = { id: RemoteModuleId; ok: true; ms: number } | { id: RemoteModuleId; ok: false };
let loadListener: ((outcome: RemoteLoadOutcome) => void) | null = null;

/** Module health (decision 039) listens to every load's outcome; one listener, null stops. */
export function setRemoteLoadListener(listener: ((outcome: RemoteLoadOutcome) => void) | null): void {
  loadListener = listener;
}

function tell(outcome: RemoteLoadOutcome): void {
  try {
    loadListener?.(outcome);
  } catch {
    /* reporting never changes what the page gets */
  }
}

export function registerSiteRemotes(remotes: RemoteDescriptor[]): void {
  registered = remotes;
  loading.clear();
  registerRemotes(remotes);
}

/** The manifest URL the registry gives a remote (`mf_catalog`), or null when it has none. */
export function remoteManifestUrl(name: string): string | null {
  return registered.find((r) => r.name === name)?.entry ?? null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const loading = new Map<RemoteModuleId, Promise<{ default: RemoteComponent }>>();

/**
 * Loads one exposed component; a page's loader started early and the slot rendering it share one load.
 * A failed load is forgotten, so "Try again" starts afresh.
 */
export function loadRemoteComponent(id: RemoteModuleId): Promise<{ default: RemoteComponent }> {
  let pending = loading.get(id);
  if (!pending) {
    pending = loadWithRetry(id);
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/**
 * Loads one exposed component with a bounded retry. Between attempts the remote is registered again
 * with `force`, which clears the runtime's cached failure for it.
 */
async function loadWithRetry(id: RemoteModuleId): Promise<{ default: RemoteComponent }> {
  const started = performance.now();
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) {
      await wait(RETRY_DELAYS_MS[attempt - 1] ?? 0);
      const remote = registered.find((r) => id.startsWith(`${r.name}/`));
      if (remote) registerRemotes([remote], { force: true });
    }
    try {
      const mod = (await loadRemote<RemoteModule>(id)) ?? undefined;
      if (mod && !mod[UNAVAILABLE] && mod.default != null) {
        tell({ id, ok: true, ms: performance.now() - started });
        return { default: mod.default };
      }
      lastError = new Error(mod?.[UNAVAILABLE] ?? `${id} has no default export`);
    } catch (error) {
      lastError = error;
    }
  }
  tell({ id, ok: false });
  throw lastError;
}
