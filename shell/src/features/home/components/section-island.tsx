import { useContext, useEffect, type ContextType, type ReactNode } from 'react';
import { AuthStateProvider, useAuth, type AuthState } from '@institute/shared/auth';
import { NavigationContext, Router, useLocation, useNavigationType, type Location } from '@institute/shared/router';

type Navigator = ContextType<typeof NavigationContext>['navigator'];
type NavigationType = ReturnType<typeof useNavigationType>;

/** What a part of the page hydrated as its own React root takes from the page around it. */
export interface PageContext { auth: AuthState; location: Location; navigationType: NavigationType; navigator: Navigator }

/** The page's session and router, read where the section sits in the page. */
export function usePageContext(): PageContext {
  const auth = useAuth();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { navigator } = useContext(NavigationContext);
  return { auth, location, navigationType, navigator };
}

/**
 * The page's session and router inside a section's own root: a card's link goes through the page's router, and its
 * sign-in check reads the page's session. Adds no markup, so the section's server HTML is what it hydrates.
 */
export function WithPageContext({ context, children }: { context: PageContext; children: ReactNode }) {
  return (
    <AuthStateProvider value={context.auth}>
      <Router location={context.location} navigationType={context.navigationType} navigator={context.navigator}>
        {children}
      </Router>
    </AuthStateProvider>
  );
}

/** Calls `onCommit` once the tree around it has committed (hydrated, in a section's root); renders nothing. */
export function Committed({ onCommit }: { onCommit(): void }) {
  useEffect(() => onCommit(), [onCommit]);
  return null;
}
