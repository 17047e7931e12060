import { Children, Fragment, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { byRank, matchPath, type Params } from './match';
import { RouteContext, useRouter } from './router';

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; <Routes> reads it and renders its element, it never renders itself. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('A <Route> is only ever used as a child of <Routes> or of another <Route>');
}

interface Branch {
  pattern: string;
  index: boolean;
  /** The routes from the outermost layout to the matched route. */
  chain: RouteProps[];
}

const joinPaths = (parent: string, child: string) => (child.startsWith('/') ? child : `${parent.replace(/\/\*?$/, '')}/${child}`);

function branchesOf(children: ReactNode, parentPath = '/', chain: RouteProps[] = [], into: Branch[] = []): Branch[] {
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment) {
      branchesOf((child.props as { children?: ReactNode }).children, parentPath, chain, into);
      return;
    }
    if (child.type !== Route) throw new Error('Every child of <Routes> must be a <Route> or a <Fragment>');
    const route = child.props as RouteProps;
    const pattern = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const routes = [...chain, route];
    // A route without a path or index is a layout: it matches only through one of its children.
    if (route.path !== undefined || route.index) into.push({ pattern, index: Boolean(route.index), chain: routes });
    if (route.children) branchesOf(route.children, pattern, routes, into);
  });
  return into;
}

/**
 * Renders the best-ranked route matching the location, inside the elements of its layout routes (each reaches it
 * through <Outlet>). Nothing when no route matches.
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter('<Routes>');
  const parent = useContext(RouteContext);
  let found: { branch: Branch; params: Params } | null = null;
  for (const branch of byRank(branchesOf(children), (b) => b.pattern, (b) => b.index)) {
    const match = matchPath(branch.pattern, location.pathname);
    if (match) {
      found = { branch, params: { ...parent.params, ...match.params } };
      break;
    }
  }
  if (!found) return null;
  let rendered: ReactNode = null;
  for (const route of [...found.branch.chain].reverse()) {
    rendered = <RouteContext.Provider value={{ params: found.params, outlet: rendered }}>{route.element === undefined ? <Outlet /> : route.element}</RouteContext.Provider>;
  }
  return rendered;
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}
