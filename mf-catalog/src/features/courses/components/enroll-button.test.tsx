import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '@institute/shared/router/server';
import { AuthProvider } from '@institute/shared/auth';
import type { Course } from '@institute/shared/contract';
import { mockFetch, signIn } from '../../../testing/test-utils';
import { EnrollButton } from './enroll-button';

const COURSE = { _id: 'c-1', title: 'Medical Assistant', price: 2400 } as Course;

const tree = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={['/courses/c-1']}>
      <AuthProvider>
        <EnrollButton course={COURSE} />
      </AuthProvider>
    </MemoryRouter>
  </QueryClientProvider>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

// The server renders every visitor signed out; a signed-in student's browser hydrates that markup (decision 042).
test('a signed-in student hydrates the server\'s "Sign in to Enroll" without a mismatch, then reads Enroll Now', async () => {
  mockFetch(() => ({ body: [] }));
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree());
  document.body.append(container);
  expect(container.textContent).toBe('Sign in to Enroll');

  signIn();
  const recoverable = jest.fn();
  await act(async () => {
    root = hydrateRoot(container, tree(), { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(container.querySelector('button')).toHaveTextContent('Enroll Now');
});
