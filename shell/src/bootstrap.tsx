import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadConfig, setConfig } from '@institute/shared/config';
import type { RemoteModuleId, SiteConfig } from '@institute/shared/contract';
import type { DehydratedState } from '@tanstack/react-query';
import { loadRemoteComponent, setRemoteLoader, setServerRenderedSlots } from '@institute/shared/federation';
import '@institute/shared/ui/tokens.css';
import { App } from './app/app';
import { keyFirstEntry } from './app/page-scroll';
import { preloadRoute } from './app/preload-route';
import { startPrefetching } from './app/prefetch/start-prefetching';
import { startFieldData } from './features/field-data/start-field-data';
import { startModuleEvents } from './features/field-data/start-module-events';
import { fetchRegistry, type SiteRegistry } from './federation/registry';
import { setServerQueries } from './lib/queries/server-state';
import { loadRemoteComponent as loadFromRemote, registerSiteRemotes } from './federation/load-remote';

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

/** How long hydration waits for the page's code; beyond it, what is still missing is drawn again when it arrives. */
const HYDRATION_WAIT_MS = 5000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The remote pages the site server rendered into the HTML (decision 018). Their slots hydrate that markup with the
 * module's page (decision 042), from the query state it was rendered with. Resolves (never rejects) once their code
 * has arrived or failed to: hydration waits for it.
 */
function takeServerRenderedPages(): Promise<unknown> {
  const text = document.getElementById('ssr-state')?.textContent;
  if (!text) return Promise.resolve();
  try {
    const { slots, sections = [], queries } = JSON.parse(text) as { slots: RemoteModuleId[]; sections?: RemoteModuleId[]; queries: DehydratedState };
    setServerQueries(queries);
    const inPage = (id: RemoteModuleId) => [...document.querySelectorAll<HTMLElement>('[data-remote-slot]')].some((el) => el.dataset.remoteSlot === id);
    const rendered = slots.filter(inPage);
    // A section the server rendered (decision 060) hydrates as it nears the viewport: its code is not awaited here.
    setServerRenderedSlots([...rendered, ...sections.filter(inPage)]);
    if (rendered.length === 0) return Promise.resolve();
    // A failed load shows in the slot (its boundary's fallback); nothing to do about it here.
    return Promise.allSettled(rendered.map((id) => loadRemoteComponent(id)));
  } catch (error) {
    console.error('[shell] ssr-state:', error);
    return Promise.resolve();
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
  setRemoteLoader(loadFromRemote);
  keyFirstEntry();
  const pageCode = preloadRoute(window.location.pathname);
  const serverPages = takeServerRenderedPages();
  const container = document.getElementById('root')!;
  const prerendered = container.firstElementChild !== null;
  // Prerendered HTML is hydrated with all of its code at hand (decision 042): a part whose code is still on its way
  // is hydrated only until the first update above it (the visitor's session restored right after hydration), and
  // then drawn again from scratch.
  if (prerendered) await Promise.race([Promise.all([pageCode, serverPages]), wait(HYDRATION_WAIT_MS)]);
  // A transition renders in slices that yield to the browser, instead of one long task.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, <App />);
    else createRoot(container).render(<App />);
  });
  startFieldData();
  startPrefetching();
}

void start();
