/**
 * @jest-environment node
 */
import { JSDOM } from 'jsdom';
import { DEFAULT_CONFIG } from '@institute/shared/config';
import { render } from './ssr';

const window = new JSDOM('').window as unknown as Parameters<typeof render>[0]['window'];

const POST = { _id: 'b1', title: 'Five habits of a good phlebotomist', content: 'First.\nSecond.', author: 'Ada', category: 'Healthcare', imgUrl: '/b.jpg', createdAt: '2026-05-01T10:00:00Z' };

beforeEach(() => {
  // The spec's client reads a post at /blogs/:id; any other id is the API's 404.
  global.fetch = jest.fn(async (input: string | URL | Request) => {
    const found = new URL(String(input)).pathname === '/blogs/b1';
    return new Response(JSON.stringify(found ? POST : { error: 'NotFound', message: 'Blog not found.' }), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});

describe('a blog post rendered on the server', () => {
  it.each([
    { url: '/blog/b1', status: undefined, text: 'Five habits of a good phlebotomist' },
    { url: '/blog/nobody-has-this', status: 404, text: 'Blog not found' },
  ])('$url: status $status, the page says "$text"', async ({ url, status, text }) => {
    const result = await render({ expose: 'BlogDetailPage', pattern: '/blog/:id', url, config: DEFAULT_CONFIG, window });
    expect(result?.status).toBe(status);
    expect(result?.html).toContain(text);
  });
});
