import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCourse } from '../../../testing/fixtures';
import { catalogServer } from '../../../testing/catalog-server';
import { mockFetch, pending, renderAt, renderWithProviders, signIn } from '../../../testing/test-utils';
import { CoursesPage } from './courses-page';

const renderPage = () => renderAt(<CoursesPage />, { route: '/courses', path: '/courses' });

describe('CoursesPage (/courses)', () => {
  it('shows the banner and the shared spinner while the list loads', () => {
    mockFetch(pending);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('fetches the list from the configured API host', async () => {
    const { fn: fetch } = mockFetch(catalogServer([]).handler);
    renderPage();
    await screen.findByText('No courses available.');
    // The first page only, from the configured API host: the page never downloads the whole catalog.
    expect(fetch).toHaveBeenCalledWith('http://localhost:4000/api/courses?fields=card&limit=24', expect.objectContaining({ method: 'GET' }));
  });

  it('renders a card per course with image, title, price, hours, duration, certification and credential', async () => {
    mockFetch(catalogServer([makeCourse(), makeCourse({ _id: 'c2', title: 'Pharmacy Technician' })]).handler);
    renderPage();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = within(cards[0]!);
    expect(card.getByRole('heading', { name: 'Medical Assistant' })).toBeInTheDocument();
    const img = card.getByRole('img', { name: 'Medical Assistant' });
    expect(img).toHaveAttribute('src', 'https://img.example.test/medical.jpg');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    // The first card's image is the page's largest paint: fetched at once; the others wait for the viewport.
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    expect(within(cards[1]!).getByRole('img')).toHaveAttribute('loading', 'lazy');
    expect(card.getByText('Price').nextElementSibling).toHaveTextContent(/^\$1,200$/);
    expect(card.getByText('120 hours')).toBeInTheDocument();
    expect(card.getByText('12 weeks')).toBeInTheDocument();
    expect(card.getByText('NHA Certified')).toBeInTheDocument();
    expect(card.getByText('CCMA')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'View Programs' })).toBeInTheDocument();
  });

  it('says so when there are no courses', async () => {
    mockFetch(catalogServer([]).handler);
    renderPage();
    expect(await screen.findByText('No courses available.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows "Error: Failed to fetch courses." when the server fails', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'Internal', message: 'boom' } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Failed to fetch courses\.$/);
  });

  it('shows the same message when the server cannot be reached', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch;
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Failed to fetch courses\.$/);
  });

  it('sends a visitor who is not signed in to /login', async () => {
    mockFetch(catalogServer([makeCourse()]).handler);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'View Programs' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('takes a signed-in user to the course detail', async () => {
    signIn();
    mockFetch(catalogServer([makeCourse({ _id: 'abc123' })]).handler);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'View Programs' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/abc123');
  });

  it('honours a token stored after the page rendered (signed in by another module)', async () => {
    mockFetch(catalogServer([makeCourse({ _id: 'abc123' })]).handler);
    renderPage();
    const button = await screen.findByRole('button', { name: 'View Programs' });
    signIn();
    await userEvent.click(button);
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/abc123');
  });

  describe('category, search words and order from the URL', () => {
    const LIST = [
      makeCourse({ _id: 'a', title: 'Pharmacy Technician', price: 1200, category: 'Healthcare' }),
      makeCourse({ _id: 'b', title: 'Network Administration', price: 1850, category: 'Networking' }),
      makeCourse({ _id: 'c', title: 'Medical Assistant', price: 2400, category: 'Healthcare' }),
    ];
    const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

    it('shows the category it names, in the order it names, and says how many', async () => {
      mockFetch(catalogServer(LIST).handler);
      renderAt(<CoursesPage />, { route: '/courses?category=Healthcare&sort=price-desc', path: '/courses' });
      await screen.findAllByRole('listitem');
      expect(titles()).toEqual(['Medical Assistant', 'Pharmacy Technician']);
      expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Healthcare');
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
      expect(screen.getByRole('status')).toHaveTextContent('2 courses');
    });

    it('changes the list when a category or order is chosen', async () => {
      mockFetch(catalogServer(LIST).handler);
      renderAt(<CoursesPage />, { route: '/courses', path: '/courses' });
      await screen.findAllByRole('listitem');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
      expect(titles()).toEqual(['Medical Assistant', 'Network Administration', 'Pharmacy Technician']);
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Networking');
      expect(titles()).toEqual(['Network Administration']);
    });

    it('says when nothing matches and clears the filter on request', async () => {
      mockFetch(catalogServer(LIST).handler);
      renderAt(<CoursesPage />, { route: '/courses?q=welding', path: '/courses' });
      expect(await screen.findByText('No courses match these filters.')).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('welding');
      await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    });
  });

  describe('paged on the server', () => {
    const MANY = Array.from({ length: 30 }, (_, i) => makeCourse({ _id: `m${i}`, title: `Course ${String(i).padStart(2, '0')}` }));
    const renderList = (route: string) => renderWithProviders(<CoursesPage />, { route, path: '/courses', probe: true });

    it('shows the first page, and "Load more" (a button the keyboard reaches) appends the next and keeps it in the URL', async () => {
      const server = catalogServer(MANY);
      mockFetch(server.handler);
      renderList('/courses?sort=name');
      expect(await screen.findAllByRole('listitem')).toHaveLength(24);
      expect(screen.getByRole('status')).toHaveTextContent('Showing 24 of 30 courses');
      const more = screen.getByRole('button', { name: 'Load more courses' });
      more.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(30));
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(MANY.map((c) => c.title));
      expect(screen.getByRole('status')).toHaveTextContent('30 courses');
      expect(screen.queryByRole('button', { name: 'Load more courses' })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses?sort=name&shown=30'));
      // The next page continued from the first page's cursor, in the same order; nothing asked for the whole list.
      expect(server.seen).toEqual([
        'http://localhost:4000/api/courses?fields=card&limit=24&sort=name',
        'http://localhost:4000/api/courses?cursor=24&fields=card&limit=24&sort=name',
      ]);
    });

    it('a URL that says how far the reader got shows as many from the first request', async () => {
      const server = catalogServer(MANY);
      mockFetch(server.handler);
      renderList('/courses?shown=30');
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(30));
      expect(server.seen).toEqual(['http://localhost:4000/api/courses?fields=card&limit=48']);
    });

    it('a new filter starts again from its first page, and the URL forgets how far the old list was read', async () => {
      const server = catalogServer(MANY.map((c, i) => ({ ...c, category: i % 2 ? 'Odd' : 'Even' })));
      mockFetch(server.handler);
      renderList('/courses?shown=30');
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(30));
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Odd');
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(15));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/courses\?category=Odd$/);
      expect(server.seen.at(-1)).toBe('http://localhost:4000/api/courses?category=Odd&fields=card&limit=24');
    });
  });
});
