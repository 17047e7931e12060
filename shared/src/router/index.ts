/**
 * The one door to the router: react-router-dom 7 (docs/decisions/025-react-router-and-ts-loader.md). This module is
 * part of the @institute/shared singleton, so every module shares one react-router instance and its context; and
 * since react-router is not shared itself, webpack tree-shakes it behind these names: only what is listed here ships.
 * Lint refuses importing react-router or react-router-dom anywhere else. Server rendering's parts are in `./server`.
 */
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type {
  InitialEntry,
  Location,
  LinkProps,
  NavigateFunction,
  NavigateOptions,
  NavLinkProps,
  NavLinkRenderProps,
  Params,
  Path,
  PathMatch,
  RouteMatch,
  RouteObject,
  RouteProps,
  SetURLSearchParams,
  To,
  URLSearchParamsInit,
} from 'react-router-dom';
