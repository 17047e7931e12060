import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, StaticRouter } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
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
