/**
 * The one door to the router. Every module imports routing from here, never from react-router directly:
 * this module is part of the @institute/shared singleton, so all modules share one router context, and
 * webpack can still drop the parts of react-router nobody uses (a shared package itself cannot be
 * tree-shaken: sharing react-router directly cost 60 KB gzip on every page).
 */
export {
  BrowserRouter,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LinkProps, Location, NavigateFunction, NavLinkProps } from 'react-router';
