import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';
import { markFirstRenderDone } from '@institute/shared/ui';
import { PageScroll } from './page-scroll';
import { AppRoutes } from './routes';

export function Providers({ children }: { children: ReactNode }) {
  // The query client is provided where data is read (WithQueries), so pages that read none do not load it.
  return <AuthProvider>{children}</AuthProvider>;
}

export function App() {
  useEffect(markFirstRenderDone, []);
  return (
    <Providers>
      <BrowserRouter>
        <PageScroll />
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
