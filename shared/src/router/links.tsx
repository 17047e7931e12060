import { forwardRef, useEffect, type AnchorHTMLAttributes, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { createPath, parsePath, resolveTo, type To } from './history';
import { useNavigate } from './hooks';
import { useRouter } from './router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a navigation inside the app. */
  reloadDocument?: boolean;
}

const EXTERNAL = /^[a-z][a-z\d+.-]*:|^\/\//i;

/** Whether a click is the app's to handle: a plain left click on a link opening in this tab. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** An <a href> that navigates inside the app on a plain click and behaves as any link otherwise (new tab, copy). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }, ref) {
  const { history, location } = useRouter('<Link>');
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = external ? (to as string) : resolveTo(to, location);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (external || reloadDocument || !isPlainClick(event, target)) return;
    event.preventDefault();
    // A link to the page already shown replaces its entry, so Back does not step through copies of one page.
    const same = createPath(location) === createPath(parsePath(href));
    if (replace ?? same) history.replace(href, state);
    else history.push(href, state);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
});

export interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** A Link that knows whether it points at the current page (aria-current="page" and the render props say so). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, className, style, children, ...rest }, ref) {
  const { location } = useRouter('<NavLink>');
  const target = parsePath(resolveTo(rest.to, location)).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === '/');
  const props: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(props) : className}
      style={typeof style === 'function' ? style(props) : style}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
});

/** Navigates once rendered (from an effect, so rendering on the server stays side-effect free). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => {
    navigate(target, { replace, state });
    // Once per target, as react-router's <Navigate>: a new state object alone does not navigate again.
  }, [navigate, target, replace]);
  return null;
}
