/**
 * The one door to the router. Every module imports routing from here: this module is part of the @institute/shared
 * singleton, so all modules share one router context. It is the small part of react-router's API the site uses,
 * with react-router's behaviour (docs/decisions/022-own-router.md): react-router itself cost 14.6 KB gzip on every
 * first load, most of it for data-router and framework features nothing here uses.
 */
export { createPath, parsePath, type InitialEntry, type Location, type Path, type To } from './history';
export { matchPath, matchRoutes, type Params, type PathMatch, type RouteMatch, type RouteObject } from './match';
export { BrowserRouter, MemoryRouter, StaticRouter } from './router';
export { Outlet, Route, Routes, type RouteProps } from './routes';
export { createSearchParams, useLocation, useNavigate, useParams, useSearchParams, type NavigateFunction, type NavigateOptions, type SetURLSearchParams, type URLSearchParamsInit } from './hooks';
export { Link, Navigate, NavLink, type LinkProps, type NavLinkProps, type NavLinkRenderProps } from './links';
