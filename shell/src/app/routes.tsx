import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes } from '@institute/shared/router';
import { RequireAccess } from '@institute/shared/auth';
import { getConfig } from '@institute/shared/config';
import { RemoteSlot } from '@institute/shared/federation';
import { Banner, BannerPlaceholder, Spinner, useRenderOnArrival } from '@institute/shared/ui';
import { WithQueries } from '../lib/queries/with-queries';
import { Layout } from './layout';
import { useHoldPage } from './page-hold';
import { ROUTES, type RouteEntry } from './route-table';
import { ShellPageView, type ShellPage } from './shell-page';

const NotFound = lazy(() => import('../features/not-found/not-found-page'));

function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | ${getConfig().institute.name}`;
  }, [title]);
  return null;
}

/** What a remote page's area shows while its module loads (and in the prerendered HTML): its banner's box, a spinner. */
function RemotePlaceholder({ heading, area }: { heading?: string; area: string }) {
  // While it shows, the route's page is not there: Back's scroll position waits for it (page-scroll.tsx).
  useHoldPage();
  return (
    <>
      {heading ? <Banner title={heading} /> : <BannerPlaceholder />}
      <Spinner label={`Loading ${area}...`} />
    </>
  );
}

/** A shell page in its Suspense boundary, shown as soon as its code is here (useRenderOnArrival). */
function ShellRoute({ page }: { page: ShellPage }) {
  useRenderOnArrival(page.loaded() ? null : page.preload);
  return <Suspense fallback={<Spinner />}><ShellPageView page={page} /></Suspense>;
}

function RouteElement({ entry }: { entry: RouteEntry }) {
  let body: ReactNode;
  if ('page' in entry) {
    const page = <ShellRoute key={entry.path} page={entry.page} />;
    body = entry.queries ? <WithQueries fallback={<Spinner />}>{page}</WithQueries> : page;
  } else {
    const placeholder = <RemotePlaceholder heading={entry.heading} area={entry.area} />;
    body = (
      <WithQueries fallback={placeholder}>
        {/* Keyed by path so moving between two routes of one remote mounts a fresh slot. */}
        <RemoteSlot key={entry.path} id={entry.remote} area={entry.area} props={entry.props} fallback={placeholder} />
      </WithQueries>
    );
  }
  return (
    <RequireAccess access={entry.access}>
      <DocumentTitle title={entry.title} />
      {body}
    </RequireAccess>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map((entry) => (
          <Route key={entry.path} path={entry.path} element={<RouteElement entry={entry} />} />
        ))}
        <Route path="*" element={<Suspense fallback={<Spinner />}><DocumentTitle title="Page not found" /><NotFound /></Suspense>} />
      </Route>
    </Routes>
  );
}
