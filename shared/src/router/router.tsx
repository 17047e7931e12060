import { createContext, startTransition, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createBrowserHistory, createMemoryHistory, createStaticHistory, type History, type InitialEntry, type Location, type To } from './history';
import type { Params } from './match';

export interface RouterState {
  history: History;
  location: Location;
}

export const RouterContext = createContext<RouterState | null>(null);

export interface RouteState {
  params: Params;
  /** What an <Outlet> inside this route's element renders: the matched child route. */
  outlet: ReactNode;
}

export const RouteContext = createContext<RouteState>({ params: {}, outlet: null });

export function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook} may be used only inside a <BrowserRouter>, <MemoryRouter> or <StaticRouter>`);
  return router;
}

/**
 * Renders for the history's current location. A change renders as a transition, as react-router's routers do: the
 * page on screen stays while the next one's code loads, instead of flashing its loading state.
 */
function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    const unlisten = history.listen((next) => startTransition(() => setLocation(next)));
    // A navigation between the first render and this subscription would otherwise be missed.
    if (history.location !== location) setLocation(history.location);
    return unlisten;
    // Once per history: `location` is read only to catch a change made before this subscription.
  }, [history]);
  return <RouterContext.Provider value={{ history, location }}>{children}</RouterContext.Provider>;
}

/** One history per mounted router, made on first render. */
function useOnce<T>(make: () => T): T {
  const ref = useRef<T | null>(null);
  if (ref.current === null) ref.current = make();
  return ref.current;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const history = useOnce(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ children, initialEntries, initialIndex }: { children?: ReactNode; initialEntries?: InitialEntry[]; initialIndex?: number }) {
  const history = useOnce(() => createMemoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}

export function StaticRouter({ children, location }: { children?: ReactNode; location: To }) {
  const history = useOnce(() => createStaticHistory(location));
  return <Router history={history}>{children}</Router>;
}
