import { createContext, Suspense, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ShellPageView, shellPage, type ShellPage } from './shell-page';

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** What the shell's providers give every page; the session's changes right after hydration for a signed-in visitor. */
const Session = createContext('signed out');

function SignInPage() {
  useContext(Session);
  return <h1>Welcome Back!</h1>;
}

/** The session as an outside store, as the shell's is: a signed-in visitor's is restored in the first effect. */
function sessionStore() {
  let value = 'signed out';
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => { listeners.add(listener); return () => listeners.delete(listener); },
    get: () => value,
    restore: () => { value = 'signed in'; listeners.forEach((listener) => listener()); },
  };
}

/** The shell's shape around a page: a provider whose value changes right after hydration, the route's boundary. */
function Shell({ page, view }: { page: ShellPage; view: (page: ShellPage) => React.ReactNode }) {
  const [store] = useState(sessionStore);
  const session = useSyncExternalStore(store.subscribe, store.get, () => 'signed out');
  useEffect(() => store.restore(), [store]);
  return (
    <Session.Provider value={session}>
      <Suspense fallback={<p>Loading...</p>}>{view(page)}</Suspense>
    </Session.Provider>
  );
}

/** The prerendered markup of the sign-in page inside its boundary, hydrated once the page's code has arrived. */
async function hydrateSignIn(view: (page: ShellPage) => React.ReactNode) {
  const page = shellPage('page-login', () => Promise.resolve({ default: SignInPage }));
  const container = document.createElement('div');
  container.innerHTML = '<!--$--><h1>Welcome Back!</h1><!--/$-->';
  document.body.append(container);
  const heading = container.querySelector('h1');
  await page.preload();
  const recoverable = jest.fn();
  await act(async () => {
    root = hydrateRoot(container, <Shell page={page} view={view} />, { onRecoverableError: recoverable });
  });
  return { container, heading, recoverable };
}

describe('a shell page whose code arrived before hydration', () => {
  test('hydrates the server markup even when a context changes right after: the same heading element', async () => {
    const { container, heading, recoverable } = await hydrateSignIn((page) => <ShellPageView page={page} />);
    expect(container.querySelector('h1')).toBe(heading);
    expect(recoverable).not.toHaveBeenCalled();
  });

  test('(why) rendered as a lazy component it suspends once, and the update redraws it from scratch', async () => {
    const { container, heading } = await hydrateSignIn((Page) => <Page />);
    expect(container.querySelector('h1')).toHaveTextContent('Welcome Back!');
    expect(container.querySelector('h1')).not.toBe(heading);
  });

  test('a page whose code is not here yet renders through its lazy component and keeps it once loaded', async () => {
    let resolve!: (mod: { default: typeof SignInPage }) => void;
    const page = shellPage('page-login', () => new Promise((res) => { resolve = res; }));
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root!.render(<Suspense fallback={<p>Loading...</p>}><ShellPageView page={page} /></Suspense>));
    expect(container).toHaveTextContent('Loading...');
    await act(async () => resolve({ default: SignInPage }));
    expect(container.querySelector('h1')).toHaveTextContent('Welcome Back!');
    expect(page.loaded()).toBe(SignInPage);
  });
});
