import type { ReactElement } from 'react';
import { renderWithProviders } from '@institute/shared/testing';

export * from '@institute/shared/testing';

interface Options {
  /** The URL the router starts at. */
  route?: string;
  /** A route pattern such as /blog/:id, so the page can read its params; other addresses show "Elsewhere". */
  path?: string;
}

/** Renders a page inside the providers the shell gives it at run time. */
export function renderPage(ui: ReactElement, { route = '/', path }: Options = {}) {
  const routes = path === undefined ? undefined : { '*': <p>Elsewhere</p> };
  return renderWithProviders(ui, { route, path, routes });
}
