import { useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, ScrollRestoration, type RouteObject } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';
import { AppRoutes } from './routes';

export function Providers({ children }: { children: ReactNode }) {
  // The query client is provided where data is read (WithQueries), so pages that read none do not load it.
  return <AuthProvider>{children}</AuthProvider>;
}

/**
 * One splat route around the route table: a data router, for react-router's own scroll restoration (a new page opens
 * at its top, Back and Forward return to where the visitor was), while the pages keep their one <Routes>.
 */
export const APP_ROUTES: RouteObject[] = [
  {
    path: '*',
    element: (
      <>
        <ScrollRestoration />
        <AppRoutes />
      </>
    ),
  },
];

export function App() {
  const [router] = useState(() => createBrowserRouter(APP_ROUTES));
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
