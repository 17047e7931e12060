/**
 * @jest-environment node
 */
import { JSDOM } from 'jsdom';
import { DEFAULT_CONFIG } from '@institute/shared/config';
import { render } from './ssr';

const window = new JSDOM('').window as unknown as Parameters<typeof render>[0]['window'];

const POST = { _id: 'b1', title: 'Five habits of a good phlebotomist', content: 'First.\nSecond.', author: 'Ada', category: 'Healthcare', imgUrl: '/b.jpg', createdAt: '2026-05-01T10:00:00Z' };

const SLOTS = {
  timeZone: 'America/New_York', officeHours: 'Monday to Friday, 9:00 AM to 5:00 PM (America/New_York time)',
  items: [{ _id: 's1', startsAt: '2031-03-05T15:00:00.000Z', date: '2031-03-05', time: '10:00', timeZone: 'America/New_York', minutes: 30,
    when: 'Wednesday, March 5, 2031, 10:00 AM to 10:30 AM', advisor: 'Maya Chen', placesLeft: 3 }],
};

beforeEach(() => {
  // The spec's client reads a post at /blogs/:id; any other id is the API's 404.
  global.fetch = jest.fn(async (input: string | URL | Request) => {
    if (new URL(String(input)).pathname === '/api/advising/slots') return new Response(JSON.stringify(SLOTS), { headers: { 'content-type': 'application/json' } });
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

describe('the advising and appointment pages rendered on the server', () => {
  it('lists the open advising times in the HTML, with the cache state the browser starts from', async () => {
    const result = await render({ expose: 'AdvisingPage', pattern: '/advising', url: '/advising', config: DEFAULT_CONFIG, window, props: { view: 'book' } });
    expect(result?.html).toContain('Book an Advising Session');
    // React separates adjacent texts with empty comments; the reader sees one sentence.
    const text = result?.html.replace(/<!-- -->/g, '');
    expect(text).toContain('<input type="radio" name="slotId" value="s1"/><span>Wednesday, March 5, 2031, 10:00 AM to 10:30 AM with Maya Chen (3 places left)</span>');
    expect(text).toContain('All times are in the institute&#x27;s time zone, America/New_York.');
    expect(result?.html).not.toContain('Loading advising times');
    expect(result?.state.queries.map((q) => q.queryKey)).toEqual([['advising', 'slots']]);
    expect(result?.personal).toBeUndefined();
  });

  it("leaves a booking's cancel link to the browser, and a route that names no view", async () => {
    for (const props of [{ view: 'cancel' }, undefined]) {
      expect(await render({ expose: 'AdvisingPage', pattern: '/advising/cancel', url: '/advising/cancel?token=t', config: DEFAULT_CONFIG, window, props })).toBeNull();
    }
  });

  it('renders the appointment request form', async () => {
    const result = await render({ expose: 'AppointmentPage', pattern: '/appointment', url: '/appointment', config: DEFAULT_CONFIG, window });
    expect(result?.html).toContain('Book an Appointment');
    expect(result?.html).toMatch(/<form[^>]*>/);
  });
});
