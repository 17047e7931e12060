/**
 * @jest-environment node
 */
import { JSDOM } from 'jsdom';
import { DEFAULT_CONFIG } from '@institute/shared/config';
import { render } from './ssr';

const window = new JSDOM('').window as unknown as Parameters<typeof render>[0]['window'];

const POPULAR = [
  { _id: 'c1', title: 'Clinical Medical Assistant', price: 2400, imgUrl: '/m.jpg', totalHours: 600, duration: '6 months', certification: 'CCMA', credential: 'Diploma', nextSession: { startsOn: '2027-03-02', seatsLeft: 2 } },
  { _id: 'c2', title: 'Network Administration', price: 1950.5, imgUrl: '/n.jpg', totalHours: 400, duration: '4 months', certification: 'CompTIA', credential: 'Certificate' },
];

/** The API as the server sees it: one course and one program exist, any other id is the API's 404. */
function api(url: string): { status: number; body: unknown } {
  const { pathname } = new URL(url);
  if (pathname.endsWith('/sessions') || pathname.includes('/api/sessions')) return { status: 200, body: [] };
  if (pathname === '/api/courses' && new URL(url).searchParams.get('sort') === 'featured') return { status: 200, body: { items: POPULAR, nextCursor: null } };
  if (pathname === '/api/courses/c1' || pathname === '/api/quick-programs/p1') {
    return { status: 200, body: { _id: pathname.endsWith('c1') ? 'c1' : 'p1', title: 'Medical Billing', price: 2400, imgUrl: '/m.jpg', description: 'About it' } };
  }
  return { status: 404, body: { error: 'NotFound', message: 'Course not found.' } };
}

beforeEach(() => {
  global.fetch = jest.fn(async (input: string | URL | Request) => {
    const { status, body } = api(String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});

const renderAt = (expose: string, pattern: string, url: string) => render({ expose, pattern, url, config: DEFAULT_CONFIG, window });

describe('the catalog\'s pages rendered on the server answer 404 for what does not exist', () => {
  it.each([
    { expose: 'CourseDetailPage', pattern: '/courses/:id', url: '/courses/c1', status: undefined, text: 'Medical Billing' },
    { expose: 'CourseDetailPage', pattern: '/courses/:id', url: '/courses/nobody-has-this', status: 404, text: 'Course not found.' },
    { expose: 'QuickProgramDetailPage', pattern: '/quick-programs/:id', url: '/quick-programs/p1', status: undefined, text: 'Medical Billing' },
    { expose: 'QuickProgramDetailPage', pattern: '/quick-programs/:id', url: '/quick-programs/nobody-has-this', status: 404, text: 'Program not found.' },
  ])('$url: status $status, the page says "$text"', async ({ expose, pattern, url, status, text }) => {
    const result = await renderAt(expose, pattern, url);
    expect(result?.status).toBe(status);
    expect(result?.html).toContain(text);
  });
});

describe("a certificate's public check rendered on the server", () => {
  it("is marked as one person's page, found or not, and says so when the code is unknown", async () => {
    const unknown = await renderAt('CertificateVerificationPage', '/certificates/:code', '/certificates/NOBODY');
    expect(unknown).toMatchObject({ status: 404, personal: true });
    // A public catalog page is not.
    expect((await renderAt('CourseDetailPage', '/courses/:id', '/courses/c1'))?.personal).toBeUndefined();
  });
});

describe('the home page\'s Popular Courses section rendered on the server (decision 060)', () => {
  it('holds every card with its price and next start date, and the data it was rendered from', async () => {
    const result = await renderAt('PopularCourses', '/', '/');
    expect(result?.html).toContain('Popular Courses');
    expect(result?.html).toContain('Clinical Medical Assistant');
    expect(result?.html).toContain('$2,400');
    expect(result?.html).toContain('Mar 2, 2027 (2 seats left)');
    expect(result?.html).toContain('$1,950.50');
    // A course without an open session has no "Next start" line: one in the two cards.
    expect(result?.html.match(/Next start/g)).toHaveLength(1);
    expect(result?.html).not.toContain('Loading courses');
    expect(JSON.stringify(result?.state)).toContain('"popular"');
  });
});
