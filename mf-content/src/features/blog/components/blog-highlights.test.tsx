import { screen, within } from '@testing-library/react';
import BlogHighlights from '../../../expose/blog-highlights';
import { blogs } from '../../../testing/fixtures';
import { mockFetch, pageReply, pending, renderPage } from '../../../testing/test-utils';

describe('BlogHighlights', () => {
  it('reserves its space with placeholder cards while loading', () => {
    mockFetch(pending);
    renderPage(<BlogHighlights />);
    const region = screen.getByRole('region', { name: 'From Our Blog' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(region).getAllByTestId('blog-card-placeholder')).toHaveLength(3);
  });

  it('shows the latest three posts as the server orders them (newest first), reading only those three', async () => {
    const newestFirst = [...blogs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    const { seen } = mockFetch((req) => pageReply(req.url, newestFirst));
    renderPage(<BlogHighlights />);
    const region = screen.getByRole('region', { name: 'From Our Blog' });
    const cards = await within(region).findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Managing your study time', 'Networking basics', 'Starting a career in healthcare',
    ]);
    expect(within(cards[0]!).getByRole('link', { name: /^Read More/ })).toHaveAttribute('href', '/blog/b3');
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(seen.map((req) => req.url)).toEqual(['http://localhost:4000/api/blogs?fields=card&limit=3']);
  });

  it('shows the blog error text when the posts fail to load', async () => {
    mockFetch(() => ({ status: 503, body: {} }));
    renderPage(<BlogHighlights />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch blogs');
  });

  it('shows the empty text when there are no posts', async () => {
    mockFetch((req) => pageReply(req.url, []));
    renderPage(<BlogHighlights />);
    expect(await screen.findByText('No blog posts yet.')).toBeInTheDocument();
  });
});
