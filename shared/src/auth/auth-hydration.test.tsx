import { memo, Suspense } from 'react';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { makeToken } from '../testing';
import { AuthProvider, useAuth } from './auth-context';

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  localStorage.clear();
});

/** What the page around a server-rendered area reads of the session; memo, so only a context change renders it again. */
const Who = memo(function Who({ renders }: { renders: jest.Mock }) {
  const { user } = useAuth();
  renders(user?.username ?? null);
  return <p>{user ? `Signed in as ${user.username}` : 'Signed out'}</p>;
});

/** The shell's shape: the session's provider above an area's Suspense boundary, a page inside it. */
function page(renders: jest.Mock, pageRenders: jest.Mock) {
  function Page() {
    pageRenders();
    return <h1>Blogs</h1>;
  }
  return (
    <AuthProvider>
      <Who renders={renders} />
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>
    </AuthProvider>
  );
}

/** The prerendered HTML (signed out, as the server renders every page), hydrated in the browser. */
function hydrate(renders: jest.Mock, pageRenders: jest.Mock) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(jest.fn(), jest.fn()));
  document.body.append(container);
  const heading = container.querySelector('h1');
  const recoverable = jest.fn();
  act(() => {
    root = hydrateRoot(container, page(renders, pageRenders), { onRecoverableError: recoverable });
  });
  return { container, heading, recoverable };
}

test("a signed-out visitor's session does not change when hydration ends: nothing that reads it renders again", () => {
  const renders = jest.fn();
  const pageRenders = jest.fn();
  const { container, heading, recoverable } = hydrate(renders, pageRenders);
  // A change would reach the area's boundary before it hydrated and make React hydrate it in one urgent pass.
  expect(renders.mock.calls).toEqual([[null]]);
  expect(pageRenders).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Signed out')).toBeInTheDocument();
  expect(container.querySelector('h1')).toBe(heading);
  expect(recoverable).not.toHaveBeenCalled();
});

test("a stored session shows right after hydration, and the area's server markup is adopted, not drawn again", () => {
  localStorage.setItem('token', makeToken({ id: 'u1', username: 'ada', role: 'user', exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('userId', 'u1');
  const renders = jest.fn();
  const pageRenders = jest.fn();
  const { container, heading, recoverable } = hydrate(renders, pageRenders);
  expect(renders.mock.calls).toEqual([[null], ['ada']]);
  expect(screen.getByText('Signed in as ada')).toBeInTheDocument();
  expect(pageRenders).toHaveBeenCalledTimes(1);
  expect(container.querySelector('h1')).toBe(heading);
  expect(recoverable).not.toHaveBeenCalled();
});
