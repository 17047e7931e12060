import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorState } from './states';

test('an error with a retry keeps the message as the alert and offers "Try again"', async () => {
  const retry = jest.fn();
  render(<ErrorState onRetry={retry}>Failed to fetch blogs</ErrorState>);
  expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to fetch blogs$/);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalledTimes(1);
});

test('an error without a retry is the message alone', () => {
  render(<ErrorState>Blog not found</ErrorState>);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
