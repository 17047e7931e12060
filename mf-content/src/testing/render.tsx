import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';

interface Options {
  /** The URL the router starts at. */
  route?: string;
  /** A route pattern such as /blog/:id, so the page can read its params. */
  path?: string;
}

/** Renders a page inside the providers the shell gives it at run time. */
export function renderPage(ui: ReactElement, { route = '/', path }: Options = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={<p>Elsewhere</p>} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
