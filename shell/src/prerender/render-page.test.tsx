/**
 * @jest-environment node
 */
import { DEFAULT_CONFIG } from '@institute/shared/config';
import { renderPage, renderRoute, routes } from './render-page';

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
    // One expose serves both advising routes: the server's render gets the props that tell them apart.
    expect(routes.find((r) => r.path === '/advising')).toMatchObject({ remote: 'mf_content/AdvisingPage', props: { view: 'book' } });
    expect(routes.find((r) => r.path === '/advising/cancel')).toMatchObject({ props: { view: 'cancel' } });
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

describe('rendering a shell page with its data, per request', () => {
  const CODE = 'ABCDEFGHJKMNPQRSTVWXYZ23';
  const INVOICE = {
    id: 'inv1', number: 'INV-2026-0007', status: 'open', currency: 'USD', total: 2400, issuedAt: '2026-11-20T10:00:00Z', dueOn: '2026-12-20',
    organization: { name: 'Acme Logistics', address: '12 Harbor Road' }, contact: { name: 'Dana Reyes', email: 'dana@acme.test' },
    lines: [{ student: 'Maya Chen', studentId: 'u1', program: 'Pharmacy Technician', programId: 'p1', sessionStartsOn: '2027-01-11', amount: 2400 }],
    paid: null, voided: null,
    institute: { name: 'Northbridge Career Institute', address: '1 Main St', phone: '555-0100', email: 'info@example.com' },
  };
  let asked: string[];
  beforeEach(() => {
    asked = [];
    global.fetch = jest.fn(async (input: string | URL | Request) => {
      const { pathname } = new URL(String(input));
      asked.push(pathname);
      const found = pathname === `/api/invoices/${CODE}`;
      return new Response(JSON.stringify(found ? INVOICE : { error: 'NotFound', message: 'Invoice not found.' }), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  });

  it("puts an invoice in the page's first HTML, marked as one person's, with the state its first render reads", async () => {
    const result = await renderRoute(`/invoices/${CODE}/pay`, config);
    const text = result?.html.replace(/<!-- -->/g, '');
    expect(text).toMatch(/<h1[^>]*>Invoice INV-2026-0007<\/h1>/);
    expect(text).toContain('Acme Logistics');
    expect(text).toContain('Pay $2,400.00 with PayPal');
    expect(text).not.toContain('Loading invoice...');
    expect(text).toContain('<footer');
    expect(result).toMatchObject({ personal: true });
    expect(result?.status).toBeUndefined();
    expect(result?.state.queries.map((q) => q.queryKey)).toEqual([['invoices', 'code', CODE]]);
    expect(asked).toEqual([`/api/invoices/${CODE}`]);
  });

  it('an unknown code is its "not found" page, answered with a 404', async () => {
    const result = await renderRoute('/invoices/NOBODY/pay', config);
    expect(result).toMatchObject({ status: 404, personal: true });
    expect(result?.html).toContain('This invoice could not be found. Check the link in the email, or contact the institute.');
  });

  it('renders nothing for a route that names no data of its own (it is prerendered)', async () => {
    expect(await renderRoute('/about', config)).toBeNull();
    expect(await renderRoute('/courses/c1', config)).toBeNull();
    expect(routes.find((r) => r.path === '/invoices/:code/pay')).toMatchObject({ perRequest: true, personal: true });
    expect(routes.find((r) => r.path === '/about')).not.toHaveProperty('perRequest');
  });
});
