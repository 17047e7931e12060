import { screen } from '@testing-library/react';
import BlogDetailPage from '../../../expose/blog-detail-page';
import { blogs } from '../../../testing/fixtures';
import { mockFetch, pending, renderPage } from '../../../testing/test-utils';

const post = { ...blogs[0]!, content: 'First paragraph.\nSecond paragraph.\r\n\r\nThird paragraph.' };
const renderDetail = (id = 'b1') => renderPage(<BlogDetailPage />, { route: `/blog/${id}`, path: '/blog/:id' });
const description = () => document.head.querySelector('meta[name="description"]');

afterEach(() => {
  document.head.innerHTML = '';
  document.title = '';
});

describe('BlogDetailPage', () => {
  it('shows "Loading..." while the post loads', () => {
    mockFetch(pending);
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('fetches GET /blogs/{id} and shows every field with the content split into paragraphs', async () => {
    const { fn: fetch } = mockFetch(() => ({ body: post }));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('http://localhost:4000/blogs/b1', expect.anything());
    expect(screen.getByText('Dana Lee', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('05.03.2024')).toBeInTheDocument();
    expect(screen.getByText('Healthcare')).toBeInTheDocument();
    expect(screen.getByText('How to begin.')).toBeInTheDocument();
    const img = screen.getByRole('img', { name: post.title });
    expect(img).toHaveAttribute('src', post.imgUrl);
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    const paragraphs = ['First paragraph.', 'Second paragraph.', 'Third paragraph.'].map((t) => screen.getByText(t));
    paragraphs.forEach((p) => expect(p.tagName).toBe('P'));
  });

  it('shows plain text exactly as typed: entities stay, markup is text (issue 28)', async () => {
    const typed = 'A &lt;b&gt; B <img src=x onerror=alert(1)>';
    mockFetch(() => ({ body: { ...post, title: typed, author: typed, description: '', content: `${typed}\nNext.` } }));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: typed })).toBeInTheDocument();
    expect(screen.getByText(typed, { selector: 'p' })).toBeInTheDocument();
    expect(document.querySelector('img[onerror], b')).toBeNull();
    expect(description()).toHaveAttribute('content', `${typed} Next.`);
  });

  it('sets the document title and creates the meta description', async () => {
    mockFetch(() => ({ body: post }));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(document.title).toBe(`${post.title} | Northbridge Career Institute`);
    expect(description()).toHaveAttribute('content', 'How to begin.');
  });

  it('updates an existing meta description, from the content when there is no description', async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Site description';
    document.head.append(meta);
    mockFetch(() => ({ body: { ...blogs[1]!, description: undefined } }));
    const view = renderDetail('b2');
    await screen.findByRole('heading', { level: 1, name: 'Networking basics' });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(description()).toHaveAttribute('content', 'Short post.');
    view.unmount();
    // Leaving the post gives the page its own description back.
    expect(description()).toHaveAttribute('content', 'Site description');
  });

  it('shows "Blog not found" on a 404', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'NotFound', message: 'Blog not found' } }));
    renderDetail('missing');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Blog not found$/);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows "Blog not found" when the server cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Blog not found$/);
  });
});
