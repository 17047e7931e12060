import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadConfig, setConfig } from '@institute/shared/config';
import type { RemoteModuleId, SiteConfig } from '@institute/shared/contract';
import type { DehydratedState } from '@tanstack/react-query';
import { setRemoteLoader, setServerRenderedSlots } from '@institute/shared/federation';
import '@institute/shared/ui/tokens.css';
import { App } from './app/app';
import { preloadRoute } from './app/preload-route';
import { startPrefetching } from './app/prefetch/start-prefetching';
import { startFieldData } from './features/field-data/start-field-data';
import { startModuleEvents } from './features/field-data/start-module-events';
import { fetchRegistry, type SiteRegistry } from './federation/registry';
import { setServerQueries } from './lib/queries/server-state';
import { loadRemoteComponent, registerSiteRemotes } from './federation/load-remote';

/** Prerendered pages carry the config.json they were rendered with, so the first render matches them. */
function inlineConfig(): SiteConfig | null {
  const text = document.getElementById('site-data')?.textContent;
  if (!text) return null;
  try {
    return (JSON.parse(text) as { config: SiteConfig }).config;
  } catch {
    return null;
  }
}

/**
 * A remote page the site server rendered into the HTML (decision 018): its slot keeps that markup until the module
 * arrives, and the module starts from the data it was rendered with. Read before hydration changes anything.
 */
function takeServerRenderedPages(): void {
  const text = document.getElementById('ssr-state')?.textContent;
  if (!text) return;
  try {
    const { slots, queries } = JSON.parse(text) as { slots: RemoteModuleId[]; queries: DehydratedState };
    setServerQueries(queries);
    setServerRenderedSlots(slots.flatMap((id) => {
      const slot = [...document.querySelectorAll<HTMLElement>('[data-remote-slot]')].find((el) => el.dataset.remoteSlot === id);
      return slot ? [[id, slot.innerHTML] as [RemoteModuleId, string]] : [];
    }));
  } catch (error) {
    console.error('[shell] ssr-state:', error);
  }
}

async function siteSetup(): Promise<SiteRegistry | null> {
  const inline = inlineConfig();
  if (inline) setConfig(inline);
  // A missing registry leaves the shell working with every remote slot on its fallback.
  const [config, remotes] = await Promise.allSettled([inline ?? loadConfig(), fetchRegistry()]);
  if (config.status === 'rejected') console.error('[shell] config.json:', config.reason);
  if (remotes.status === 'rejected') console.error('[shell] remotes.json:', remotes.reason);
  return remotes.status === 'fulfilled' ? remotes.value : null;
}

async function start() {
  const site = await siteSetup();
  if (site) {
    registerSiteRemotes(site.remotes);
    // Before any remote loads, so the first load's outcome is counted.
    startModuleEvents(site);
  }
  setRemoteLoader(loadRemoteComponent);
  preloadRoute(window.location.pathname);
  takeServerRenderedPages();
  const container = document.getElementById('root')!;
  // A transition renders in slices that yield to the browser, instead of one long task.
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, <App />);
    else createRoot(container).render(<App />);
  });
  startFieldData();
  startPrefetching();
}

void start();
