/**
 * @jest-environment node
 */
import { DEFAULT_CONFIG } from '@institute/shared/config';
import { renderPage, routes } from './render-page';

const config = { ...DEFAULT_CONFIG, institute: { ...DEFAULT_CONFIG.institute, name: 'Test Institute' } };

describe('prerendering a route', () => {
  it('renders the home page with header, footer, the hero h1 and this environment institute name', async () => {
    const html = await renderPage('/', config);
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    expect(html).toMatch(/<h1 [^>]*>Learn the skills employers hire for/);
    expect(html).toContain('Test Institute');
    // Signed out: there is no session on the server.
    expect(html).toContain('Sign In');
    // The header search takes typing only once hydrated.
    expect(html).toMatch(/<input[^>]*role="combobox"[^>]*readOnly=""/);
  });

  it('renders a long page whole and in order, with no script (about: every FAQ in the HTML)', async () => {
    const html = await renderPage('/about', config);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<template');
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html).not.toContain('Loading...');
  });

  it('renders the sign-in form inert until hydrated: read-only fields, a disabled button, a POST form', async () => {
    const html = await renderPage('/login', config);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*readOnly=""/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*readOnly=""/);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Login<\/button>/);
  });

  it('renders a remote page as its placeholder: the banner with its fixed title and a spinner, no module code', async () => {
    const html = await renderPage('/courses', config);
    expect(html).toMatch(/<h1>Courses<\/h1>/);
    expect(html).toContain('Loading The course catalog...');
  });

  it('renders a page whose title comes with its data as the banner box, without an h1', async () => {
    const html = await renderPage('/courses/_', config);
    expect(html).not.toContain('<h1');
    expect(html).toContain('aria-hidden="true"');
  });

  it('lists every route with its access, title, remote and the data the page reads first', () => {
    expect(routes.find((r) => r.path === '/')).toMatchObject({ path: '/', access: 'public', title: 'Home', chunks: ['page-home'] });
    expect(routes.find((r) => r.path === '/login')).toMatchObject({ chunks: ['page-login', 'queries'] });
    expect(routes.find((r) => r.path === '/quick-programs/:id')).toMatchObject({
      remote: 'mf_catalog/QuickProgramDetailPage', data: ['/api/quick-programs/:id'], chunks: ['queries'],
    });
    expect(routes.find((r) => r.path === '/admin')).toMatchObject({ access: 'admin' });
  });

  it('gives every public route a description of its own, and lists only pages worth a search result in the sitemap', () => {
    const pub = routes.filter((r) => r.access === 'public' && r.path !== '/versions');
    const descriptions = pub.map((r) => r.description);
    expect(new Set(descriptions).size).toBe(pub.length);
    for (const d of descriptions) expect(d.length).toBeGreaterThan(20);
    const listed = pub.filter((r) => r.sitemap).map((r) => r.path);
    expect(listed).toEqual(expect.arrayContaining(['/', '/about', '/courses', '/quick-programs', '/blog', '/gallery', '/contact']));
    for (const path of listed) expect(path).not.toMatch(/^\/(payment|login|register|profile|admin)|:/);
  });
});
