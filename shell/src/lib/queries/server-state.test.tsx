import { render, screen } from '@testing-library/react';
import { dehydrate, QueryClient, useQuery } from '@tanstack/react-query';
import QueryProvider from './query-provider';
import { setServerQueries, takeServerQueries } from './server-state';

function Courses() {
  const { data, isPending } = useQuery({ queryKey: ['courses'], queryFn: () => new Promise<string[]>(() => undefined), staleTime: 60_000 });
  return <p>{isPending ? 'Loading' : data!.join(', ')}</p>;
}

test('the page query client starts from the state the server rendered with, once', () => {
  const server = new QueryClient();
  server.setQueryData(['courses'], ['Clinical Medical Assistant', 'Network Administration']);
  setServerQueries(dehydrate(server));
  render(<QueryProvider><Courses /></QueryProvider>);
  expect(screen.getByText('Clinical Medical Assistant, Network Administration')).toBeInTheDocument();
  expect(takeServerQueries()).toBeNull();
});
