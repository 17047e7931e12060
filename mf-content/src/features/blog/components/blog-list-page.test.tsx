import userEvent from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import BlogListPage from '../../../expose/blog-list-page';
import { blogs, words } from '../../../testing/fixtures';
import { mockFetch, pageReply, pending, renderPage } from '../../../testing/test-utils';

// Every card formats its date once per render: counting the calls counts the cards drawn.
jest.mock('@institute/shared/rules', () => {
  const rules = jest.requireActual<typeof import('@institute/shared/rules')>('@institute/shared/rules');
  return { ...rules, formatDate: jest.fn(rules.formatDate) };
});
const { formatDate } = jest.requireMock<{ formatDate: jest.Mock }>('@institute/shared/rules');

const renderList = () => renderPage(<BlogListPage />, { route: '/blog' });

describe('BlogListPage', () => {
  it('shows the banner and a spinner while loading', () => {
    mockFetch(pending);
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows "Failed to fetch blogs" when the list fails', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'Internal', message: 'boom' } }));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch blogs$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('"Try again" after a failed list asks again and shows the posts', async () => {
    let fail = true;
    const { fn } = mockFetch((req) => (fail ? { status: 503, body: { error: 'Unavailable', message: 'down' } } : pageReply(req.url, [])));
    renderList();
    await screen.findByRole('alert');
    fail = false;
    const calls = fn.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No blog posts yet.')).toBeInTheDocument();
    expect(fn.mock.calls.length).toBeGreaterThan(calls);
  });

  it('shows the empty state when there are no posts', async () => {
    mockFetch((req) => pageReply(req.url, []));
    renderList();
    expect(await screen.findByText('No blog posts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders a card per post with image, badge, date, title, author, excerpt and Read More', async () => {
    const { fn: fetch } = mockFetch((req) => pageReply(req.url, blogs.slice(0, 2)));
    renderList();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(fetch).toHaveBeenCalledWith('http://localhost:4000/api/blogs?fields=card&limit=24', expect.anything());

    const card = within(cards[0]!);
    expect(card.getByRole('heading', { level: 2, name: 'Starting a career in healthcare' })).toBeInTheDocument();
    const img = card.getByRole('img');
    expect(img).toHaveAttribute('src', 'https://img.example/b1.jpg');
    expect(img).toHaveAttribute('alt', 'Starting a career in healthcare');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(card.getByText('Healthcare')).toBeInTheDocument();
    expect(card.getByText('05.03.2024')).toBeInTheDocument();
    expect(card.getByText('Dana Lee', { exact: false })).toBeInTheDocument();
    expect(card.getByText(`${words(20)}...`)).toBeInTheDocument();
    // The link names its post (Read More alone says nothing out of context, to screen readers or search engines).
    expect(card.getByRole('link', { name: /^Read More ?: Starting a career in healthcare$/ })).toHaveAttribute('href', '/blog/b1');

    // A short post is shown whole, without an ellipsis.
    expect(within(cards[1]!).getByText('Short post.')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('20.11.2024')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: /^Read More/ })).toHaveAttribute('href', '/blog/b2');
  });

  it('reads 24 posts at first and the next ones with "Load more", saying how many of how many are shown', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ ...blogs[0]!, _id: `p${i}`, title: `Post ${i}` }));
    const { seen } = mockFetch((req) => pageReply(req.url, many));
    renderList();
    expect(await screen.findAllByRole('article')).toHaveLength(24);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 24 of 30 posts');
    await userEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
    expect(seen.map((req) => req.url)).toEqual(['http://localhost:4000/api/blogs?fields=card&limit=24', 'http://localhost:4000/api/blogs?cursor=24&fields=card&limit=24']);
  });

  it('"Load more" draws only the new cards; the ones already shown are not rendered again', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ ...blogs[0]!, _id: `p${i}`, title: `Post ${i}` }));
    mockFetch((req) => pageReply(req.url, many));
    renderList();
    expect(await screen.findAllByRole('article')).toHaveLength(24);
    formatDate.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(formatDate).toHaveBeenCalledTimes(6);
  });
});
