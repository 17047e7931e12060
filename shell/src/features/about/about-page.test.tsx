import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, pending, renderWithProviders } from '../../testing/test-utils';
import AboutPage from './about-page';

describe('AboutPage', () => {
  beforeEach(() => {
    mockFetch(() => ({ body: { courses: 12, quickPrograms: 7 } }));
  });

  it('has the "About Us" banner as its one h1 and the four sections in order', () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['About Us']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Taught by people who do the work', 'In numbers', 'What our graduates say', 'Frequently asked questions',
    ]);
    expect(screen.getByRole('meter', { name: 'Medical billing and coding' })).toHaveAttribute('aria-valuenow', '90');
    expect(screen.getByText('Graduates').nextElementSibling).toHaveTextContent('2,400+');
    expect(within(screen.getByRole('heading', { name: 'What our graduates say' }).parentElement as HTMLElement).getAllByRole('figure')).toHaveLength(3);
  });

  it('states how many courses and quick programs the catalog holds, as the API counts them', async () => {
    const { fn } = mockFetch(() => ({ body: { courses: 12, quickPrograms: 7 } }));
    renderWithProviders(<AboutPage />);
    const figure = () => screen.getByText('Courses and quick programs').nextElementSibling;
    expect(figure()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('19')).toBe(figure());
    expect(fn).toHaveBeenCalledWith('http://localhost:4000/api/catalog/summary', expect.objectContaining({ method: 'GET' }));
  });

  it('leaves the figure out rather than guess it when the API cannot answer', async () => {
    mockFetch(() => ({ status: 503, body: { error: 'Service Unavailable', message: 'down' } }));
    renderWithProviders(<AboutPage />);
    await waitFor(() => expect(screen.queryByText('Courses and quick programs')).not.toBeInTheDocument());
    expect(screen.getByText('Graduates')).toBeInTheDocument();
  });

  it("holds the figure's place while it loads", () => {
    mockFetch(pending);
    renderWithProviders(<AboutPage />);
    expect(screen.getByText('Courses and quick programs').nextElementSibling).toHaveTextContent('Counting...');
  });

  it('opens one FAQ answer at a time, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AboutPage />);
    const first = screen.getByRole('button', { name: 'Do I need experience before I enroll?' });
    const second = screen.getByRole('button', { name: 'Can I study online?' });
    const secondPanel = document.getElementById(second.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(secondPanel).not.toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(secondPanel).toBeVisible();
    expect(within(secondPanel).getByText(/live online/)).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-expanded', 'false');

    second.focus();
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
  });
});
