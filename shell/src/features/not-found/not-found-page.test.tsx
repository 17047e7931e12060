import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/test-utils';
import NotFoundPage from './not-found-page';

describe('NotFoundPage', () => {
  it('has one h1 "Page not found", names the missing address and links to Home and Courses', () => {
    renderWithProviders(<NotFoundPage />, { route: '/no-such-page' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByText(/We could not find/)).toHaveTextContent('We could not find /no-such-page.');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/courses');
  });

  it('navigates to the course list', async () => {
    renderWithProviders(<NotFoundPage />, { route: '/missing', path: '/missing', routes: { '/courses': <p>Courses</p> } });
    await userEvent.click(screen.getByRole('link', { name: 'Browse Courses' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/courses');
  });
});
