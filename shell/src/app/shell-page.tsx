import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A code-split shell page that can be fetched ahead of its first render. `chunk` is the webpackChunkName of its
 * import, by which the publish step finds the page's files (startup-assets.json) to preload them; `loaded()` is the
 * page once its code has arrived.
 */
export type ShellPage = LazyExoticComponent<ComponentType> & {
  preload(): Promise<unknown>;
  loaded(): ComponentType | null;
  chunk: string;
};

export function shellPage(chunk: string, load: () => Promise<{ default: ComponentType }>): ShellPage {
  let loaded: ComponentType | null = null;
  const preload = () => load().then((mod) => {
    loaded = mod.default;
    return mod;
  });
  return Object.assign(lazy(preload), { preload, loaded: () => loaded, chunk });
}

/**
 * Renders a shell page without suspending when its code is already here (the shell awaits it before hydrating,
 * decision 042): a lazy component suspends on its first render even when its import has resolved, and an update
 * that reaches a boundary still waiting to hydrate (a context changing right after hydration) makes React draw that
 * boundary's server markup again from scratch. Chosen once per mount: switching the element type later would
 * remount the page. Routes key it by their path: without a key, a route to another shell page would keep this one.
 */
export function ShellPageView({ page }: { page: ShellPage }) {
  const [Page] = useState<ComponentType>(() => page.loaded() ?? page);
  return <Page />;
}
