import type { ReactNode } from 'react';
import { BrowserRouter, StaticRouter } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';
import { AppRoutes } from './routes';

function Providers({ children }: { children: ReactNode }) {
  // The query client is provided where data is read (WithQueries), so pages that read none do not load it.
  return <AuthProvider>{children}</AuthProvider>;
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}

/** The same tree at one URL, for prerendering a route's HTML at publish time. */
export function StaticApp({ location }: { location: string }) {
  return (
    <Providers>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </Providers>
  );
}
