import { useCallback, useContext, useMemo, useRef } from 'react';
import { resolveTo, type Location, type To } from './history';
import type { Params } from './match';
import { RouteContext, useRouter } from './router';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Through the history: -1 is Back. */
  (delta: number): void;
}

export function useLocation(): Location {
  return useRouter('useLocation()').location;
}

export function useParams<P extends Params = Params>(): Readonly<Partial<P>> {
  return useContext(RouteContext).params as Partial<P>;
}

/** A stable function: safe in effect dependencies, and it always resolves against the latest location. */
export function useNavigate(): NavigateFunction {
  const { history, location } = useRouter('useNavigate()');
  const latest = useRef(location);
  latest.current = location;
  return useCallback(
    ((to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const target = resolveTo(to, latest.current);
      if (options.replace) history.replace(target, options.state);
      else history.push(target, options.state);
    }) as NavigateFunction,
    [history],
  );
}

export type URLSearchParamsInit = string | URLSearchParams | Record<string, string | readonly string[]> | readonly (readonly [string, string])[];

export function createSearchParams(init: URLSearchParamsInit = ''): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) return new URLSearchParams(init as string);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init as Record<string, string | readonly string[]>)) {
    for (const one of typeof value === 'string' ? [value] : value) params.append(key, one);
  }
  return params;
}

export type SetURLSearchParams = (next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit), options?: NavigateOptions) => void;

/** The query string as URLSearchParams; setting it navigates to the same path with the new query (Back undoes it). */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const query = createSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
      navigate(`?${query}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
