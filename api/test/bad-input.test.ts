import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app';
import { galleryForm, multipart, pngBytes, validBlog, validCourse } from './helpers/fixtures';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../src/lib/json-depth';
import { fieldLabel } from '../src/lib/validation-message';
import { snapshot } from './helpers/snapshot';
import { bearer, signInSeeded, type Identities } from './helpers/tokens';

/** Every write route fed bad input: each answer is the right 4xx in the error shape, and no data changes. */
let t: TestApp;
let ids: Identities;
let courseId: string;
let programId: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
  courseId = (await t.app.inject({ method: 'GET', url: '/api/courses' })).json()[0]._id;
  programId = (await t.app.inject({ method: 'GET', url: '/api/quick-programs' })).json()[0]._id;
});
afterAll(() => t.close());

type Case = [name: string, request: () => Promise<InjectOptions> | InjectOptions, status: number, message?: string | RegExp];

const HUGE = 'x'.repeat(60_000);
const SQL = "'; DROP TABLE users; --";
const TRAVERSAL = ['..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e%2f%2e%2e%2fjwt-secret', "1' OR '1'='1", `${'a'.repeat(150)}`];

const json = (method: 'POST' | 'PUT', url: string, payload: unknown, admin = true): InjectOptions => ({
  method, url, payload: payload as InjectOptions['payload'],
  headers: { 'content-type': 'application/json', ...(admin ? bearer(ids.admin.token) : {}) },
});
const raw = (method: 'POST' | 'PUT', url: string, body: string, contentType = 'application/json'): InjectOptions => ({
  method, url, payload: body, headers: { 'content-type': contentType, ...bearer(ids.admin.token) },
});
const without = (value: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== field));

function programCases(method: 'POST' | 'PUT', url: () => string): Case[] {
  const required = ['title', 'imgUrl', 'price', 'duration', 'totalHours', 'credential', 'preRequisite', 'certification'];
  return [
    ...required.map((field): Case => [`missing ${field}`, () => json(method, url(), without(validCourse(), field)), 400, `${fieldLabel(field)} is required.`]),
    ['extra field', () => json(method, url(), validCourse({ isAdmin: true })), 400, 'Unknown field "isAdmin".'],
    ['price as a string', () => json(method, url(), validCourse({ price: '650' })), 400, 'Price must be a number.'],
    ['negative price', () => json(method, url(), validCourse({ price: -1 })), 400, 'Price must be at least 0.'],
    ['title as a number', () => json(method, url(), validCourse({ title: 42 })), 400, 'Title must be text.'],
    ['empty title', () => json(method, url(), validCourse({ title: '' })), 400, 'Title must not be empty.'],
    ['title of spaces only', () => json(method, url(), validCourse({ title: '   ' })), 400, 'Title must not be empty.'],
    ['content of numbers', () => json(method, url(), validCourse({ content: [1, 2] })), 400, 'Content has an invalid type or value.'],
    ['content as an object', () => json(method, url(), validCourse({ content: { a: 1 } })), 400, 'Content has an invalid type or value.'],
    ['featured as text', () => json(method, url(), validCourse({ featured: 'yes' })), 400, 'Featured must be true or false.'],
    ['nested extra field', () => json(method, url(), validCourse({ CourseDuration: { calendarLength: '1', x: 1 } })), 400, 'Unknown field "CourseDuration.x".'],
    ['huge title', () => json(method, url(), validCourse({ title: HUGE })), 400, 'Title must be at most 200 characters long.'],
    ['javascript: image URL', () => json(method, url(), validCourse({ imgUrl: 'javascript:alert(1)' })), 400, 'Image URL is not in a valid format.'],
    ['traversal in image path', () => json(method, url(), validCourse({ imgUrl: '/media/../../etc/passwd' })), 400, 'Image URL is not in a valid format.'],
    ['http video URL', () => json(method, url(), validCourse({ introVideoUrl: 'http://x.example/v' })), 400, 'Intro video URL is not in a valid format.'],
    ['body over 1 MB', () => json(method, url(), validCourse({ description: 'x'.repeat(1_100_000) })), 413, 'The request body is too large.'],
    ['invalid JSON', () => raw(method, url(), '{"title": "x",'), 400, 'The request body is not valid JSON.'],
    ['empty JSON body', () => raw(method, url(), ''), 400, 'The request body must be a JSON object.'],
    ['prototype pollution', () => raw(method, url(), JSON.stringify(validCourse()).replace('{', '{"__proto__":{"isAdmin":true},')), 400],
    ['a JSON array', () => raw(method, url(), '[]'), 400, 'The request body must be a JSON object.'],
    ['JSON null', () => raw(method, url(), 'null'), 400, 'The request body must be a JSON object.'],
    ['plain text body', () => raw(method, url(), 'title=x', 'text/plain'), 415, 'Unsupported content type. Send application/json.'],
    ['form body', () => raw(method, url(), 'title=x', 'application/x-www-form-urlencoded'), 415],
  ];
}

const blogRequired = ['title', 'imgUrl', 'author', 'category', 'content'];

/** Payment writes refused before PayPal is asked (the test app's PayPal refuses connections anyway). */
function paymentCases(): Record<string, Case[]> {
  const order = () => `/api/payments/create-order/${courseId}`;
  const decimals = 'Amount must be a positive amount in dollars with at most 2 decimals.';
  return {
    'POST /api/payments/create-order/:id': [
      ['missing amount', () => json('POST', order(), {}), 400, 'Amount is required.'],
      ['amount as a string', () => json('POST', order(), { amount: '650' }), 400, 'Amount must be a number.'],
      ['amount as an object', () => json('POST', order(), { amount: { $gt: 0 } }), 400, 'Amount must be a number.'],
      ['a price from the browser', () => json('POST', order(), { amount: 1, price: 1 }), 400, 'Unknown field "price".'],
      ['a negative amount', () => json('POST', order(), { amount: -650 }), 400, decimals],
      ['a third decimal', () => json('POST', order(), { amount: 650.005 }), 400, decimals],
      ['a huge amount', () => json('POST', order(), { amount: 1e300 }), 400, decimals],
      ['below the minimum', () => json('POST', order(), { amount: 1 }), 400, /^(Partial payment|Amount cannot)/],
      ['invalid JSON', () => raw('POST', order(), '{"amount":'), 400, 'The request body is not valid JSON.'],
      ['a JSON array', () => raw('POST', order(), '[650]'), 400, 'The request body must be a JSON object.'],
      ['plain text', () => raw('POST', order(), 'amount=650', 'text/plain'), 415],
      ['an unknown program', () => json('POST', '/api/payments/create-order/00000000-0000-4000-8000-000000000000', { amount: 650 }), 404, 'Program not found.'],
      ['SQL as program id', () => json('POST', `/api/payments/create-order/${encodeURIComponent(SQL)}`, { amount: 650 }), 404, 'Program not found.'],
    ],
    'POST /payment': [
      ['missing courseId', () => json('POST', '/payment', { amount: 650 }), 400, 'Course ID is required.'],
      ['courseId as a number', () => json('POST', '/payment', { amount: 650, courseId: 7 }), 400, 'Course ID must be text.'],
      ['a return URL from the browser', () => json('POST', '/payment', { amount: 650, courseId, return_url: 'https://evil.example' }), 400, 'Unknown field "return_url".'],
    ],
    'POST /api/payments/capture-order': [
      ['missing programID', () => json('POST', '/api/payments/capture-order', { orderID: 'X' }), 400, 'Program ID is required.'],
      ['orderID as a number', () => json('POST', '/api/payments/capture-order', { orderID: 1, programID: courseId }), 400, 'Order ID must be text.'],
      ['a huge orderID', () => json('POST', '/api/payments/capture-order', { orderID: HUGE, programID: courseId }), 400, 'Order ID must be at most 256 characters long.'],
      ['a path in orderID', () => json('POST', '/api/payments/capture-order', { orderID: '../../v1/oauth2/token', programID: courseId }), 404, 'Payment not found.'],
    ],
    'POST /api/complete-payment': [
      ['missing payerID', () => json('POST', '/api/complete-payment', { token: 'X' }), 400, 'Payer ID is required.'],
      ['an empty token', () => json('POST', '/api/complete-payment', { token: '', payerID: 'P' }), 400, 'Token must not be empty.'],
    ],
    'POST /api/verify-payment': [
      ['missing orderID', () => json('POST', '/api/verify-payment', {}), 400, 'Order ID is required.'],
      ['an extra status', () => json('POST', '/api/verify-payment', { orderID: 'X', status: 'COMPLETED' }), 400, 'Unknown field "status".'],
      ['a query in orderID', () => json('POST', '/api/verify-payment', { orderID: 'X?fields=all' }), 404, 'Payment not found.'],
    ],
    'POST /api/payment/cancel/:token': TRAVERSAL.map((token): Case => [
      token.slice(0, 20), () => ({ method: 'POST', url: `/api/payment/cancel/${token}`, headers: bearer(ids.admin.token) }), 404,
    ]),
    'POST /api/payments/webhook': [
      ['not JSON', () => raw('POST', '/api/payments/webhook', '{"event_type":'), 400, 'The webhook body is not a PayPal event.'],
      ['no transmission headers', () => raw('POST', '/api/payments/webhook', '{"event_type":"CHECKOUT.ORDER.APPROVED","resource":{"id":"X"}}'), 400, "The webhook is missing PayPal's transmission headers."],
      ['plain text', () => raw('POST', '/api/payments/webhook', '{}', 'text/plain'), 415],
    ],
  };
}

/** NUL and the other C0 controls, on every kind of string field: single-line, multi-line, nested, list items, keys. */
function controlCharacterCases(): Case[] {
  const refused = (field: string) => `${fieldLabel(field)} must not contain control characters.`;
  return [
    ['NUL in the login email (no token needed)', () => json('POST', '/auth/login', { email: 'a\u0000@b.c', password: 'x' }, false), 400, refused('email')],
    ['NUL in the login password', () => json('POST', '/auth/login', { email: 'a@b.co', password: 'pass\u0000word' }, false), 400, refused('password')],
    ['ESC in a username', () => json('POST', '/auth/register', { email: 'c@b.co', username: 'ab\u001bc', password: 'Cobalt-Harbor-81' }, false), 400, refused('username')],
    ['a line break in an email', () => json('POST', '/auth/register', { email: 'c@b.co\nBcc: x@y.z', username: 'abc', password: 'Cobalt-Harbor-81' }, false), 400, refused('email')],
    ['NUL in a course title', () => json('POST', '/api/courses', validCourse({ title: 'A\u0000B' })), 400, refused('title')],
    ['a tab in a course title', () => json('POST', '/api/courses', validCourse({ title: 'A\tB' })), 400, refused('title')],
    ['NUL in a multi-line description', () => json('POST', '/api/courses', validCourse({ description: 'line\nline\u0000' })), 400, refused('description')],
    ['BEL in a content item', () => json('POST', '/api/quick-programs', validCourse({ content: ['ok', 'bell\u0007'] })), 400, refused('content[1]')],
    ['NUL in a nested field', () => json('PUT', `/api/courses/${courseId}`, validCourse({ CourseDuration: { calendarLength: '2\u0000' } })), 400, refused('CourseDuration.calendarLength')],
    ['NUL in a field name', () => json('POST', '/api/blogs', { ...validBlog(), 'x\u0000': 1 }), 400],
    ['NUL in admin blog author', () => json('POST', '/api/blogs', validBlog({ author: 'Tess\u0000' })), 400, refused('author')],
    ['form feed in blog content', () => json('POST', '/api/blogs', validBlog({ content: 'page\fbreak' })), 400, refused('content')],
    ['NUL in an order id', () => json('POST', '/api/payments/capture-order', { orderID: 'X\u0000', programID: courseId }), 400, refused('orderID')],
    ['NUL in a verification', () => json('POST', '/api/verify-payment', { orderID: '\u0000' }), 400, refused('orderID')],
    ['NUL in a completion token', () => json('POST', '/api/complete-payment', { token: 'T\u0000', payerID: 'P' }), 400, refused('token')],
    ['NUL in a query string', () => ({ method: 'GET', url: '/api/courses?search=a%00b' }), 400, refused('search')],
    ['NUL in a CSP report', () => raw('POST', '/api/csp-reports', JSON.stringify({ 'csp-report': { 'document-uri': 'http://x/\u0000' } }), 'application/csp-report'), 400],
    ['NUL in a gallery title', async () => galleryUpload({ title: 'Lab\u0000' }), 400, refused('title')],
    ['BEL in a gallery description', async () => galleryUpload({ description: 'ding\u0007' }), 400, refused('description')],
  ];
}

const SUITES: Record<string, Case[]> = {
  'POST /auth/register': [
    ['missing password', () => json('POST', '/auth/register', { email: 'a@b.co', username: 'abc' }, false), 400, 'Password is required.'],
    ['SQL in email', () => json('POST', '/auth/register', { email: SQL, username: 'abc', password: 'Cobalt-Harbor-81' }, false), 400, 'Email must be a valid email address.'],
    ['script in username', () => json('POST', '/auth/register', { email: 'a@b.co', username: '<script>', password: 'Cobalt-Harbor-81' }, false), 400],
    ['huge password', () => json('POST', '/auth/register', { email: 'a@b.co', username: 'abc', password: HUGE }, false), 400, 'Password must be at most 128 characters long.'],
    ['object as email', () => json('POST', '/auth/register', { email: { $ne: '' }, username: 'abc', password: 'Cobalt-Harbor-81' }, false), 400],
    ['invalid JSON', () => raw('POST', '/auth/register', '{'), 400, 'The request body is not valid JSON.'],
    ['existing email', () => json('POST', '/auth/register', { email: 'student@northbridge.example', username: 'someone', password: 'Cobalt-Harbor-81' }, false), 409],
  ],
  'POST /auth/login': [
    ['missing email', () => json('POST', '/auth/login', { password: 'x' }, false), 400, 'Email is required.'],
    ['SQL in email', () => json('POST', '/auth/login', { email: "' OR 1=1 --", password: 'x' }, false), 401, 'Invalid email or password.'],
    ['operator object', () => json('POST', '/auth/login', { email: 'admin@northbridge.example', password: { $gt: '' } }, false), 400],
    ['extra field', () => json('POST', '/auth/login', { email: 'a@b.co', password: 'x', role: 'admin' }, false), 400, 'Unknown field "role".'],
    ['huge password', () => json('POST', '/auth/login', { email: 'a@b.co', password: HUGE }, false), 400],
  ],
  'POST /api/courses': programCases('POST', () => '/api/courses'),
  'PUT /api/courses/:id': programCases('PUT', () => `/api/courses/${courseId}`),
  'POST /api/quick-programs': programCases('POST', () => '/api/quick-programs'),
  'PUT /api/quick-programs/:id': programCases('PUT', () => `/api/quick-programs/${programId}`),
  'POST /api/blogs': [
    ...blogRequired.map((field): Case => [`missing ${field}`, () => json('POST', '/api/blogs', without(validBlog(), field)), 400, `${fieldLabel(field)} is required.`]),
    ['extra field', () => json('POST', '/api/blogs', validBlog({ createdAt: '1999-01-01' })), 400, 'Unknown field "createdAt".'],
    ['author as a list', () => json('POST', '/api/blogs', validBlog({ author: ['a'] })), 400, 'Author must be text.'],
    ['content of spaces only', () => json('POST', '/api/blogs', validBlog({ content: ' \n ' })), 400, 'Content must not be empty.'],
    ['huge description', () => json('POST', '/api/blogs', validBlog({ description: HUGE })), 400],
    ['data: image URL', () => json('POST', '/api/blogs', validBlog({ imgUrl: 'data:text/html,<script>alert(1)</script>' })), 400],
    ['invalid JSON', () => raw('POST', '/api/blogs', '{"title":'), 400, 'The request body is not valid JSON.'],
  ],
  'POST /api/gallery': [
    ['missing image', () => form([{ name: 'title', value: 'a' }, { name: 'description', value: 'b' }]), 400, 'Image is required.'],
    ['missing title', async () => form([{ name: 'description', value: 'b' }, { name: 'image', value: await pngBytes(), filename: 'a.png' }]), 400, 'Title is required.'],
    ['missing description', async () => form([{ name: 'title', value: 'a' }, { name: 'image', value: await pngBytes(), filename: 'a.png' }]), 400, 'Description is required.'],
    ['empty image', () => form([{ name: 'title', value: 'a' }, { name: 'description', value: 'b' }, { name: 'image', value: Buffer.alloc(0), filename: 'a.png' }]), 400, 'Image is required.'],
    ['extra field', async () => form([{ name: 'title', value: 'a' }, { name: 'description', value: 'b' }, { name: 'owner', value: 'c' }, { name: 'image', value: await pngBytes(), filename: 'a.png' }]), 400, 'Unknown field "owner".'],
    ['image in another field', async () => form([{ name: 'title', value: 'a' }, { name: 'description', value: 'b' }, { name: 'file', value: await pngBytes(), filename: 'a.png' }]), 400],
    ['huge title', async () => galleryUpload({ title: 'x'.repeat(5000) }), 400, 'Title must be at most 200 characters long.'],
    ['an HTML file declared as PNG', async () => galleryUpload({ image: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'x.png' }), 415, 'Only PNG, JPEG, GIF and WebP images are accepted.'],
    ['a PNG header on an HTML file', async () => galleryUpload({
      image: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]), filename: 'x.png',
    }), 422, 'The file could not be read as an image.'],
    ['an SVG (script-capable)', async () => galleryUpload({ image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'x.svg' }), 415],
    ['a file over 25 MB', async () => galleryUpload({ image: Buffer.concat([await pngBytes(), Buffer.alloc(25 * 1024 * 1024 + 10)]) }), 413, 'The file is too large. The limit is 25 MB.'],
    ['two images', async () => form([{ name: 'title', value: 'a' }, { name: 'description', value: 'b' }, { name: 'image', value: await pngBytes(), filename: 'a.png' }, { name: 'image', value: await pngBytes(), filename: 'b.png' }]), 413, 'Only one file may be uploaded per request.'],
    ['JSON instead of a form', () => json('POST', '/api/gallery', { title: 'a', description: 'b', image: 'x' }), 415, 'Unsupported content type. Send multipart/form-data.'],
  ],
  ...paymentCases(),
  'control characters in any string field': controlCharacterCases(),
  'DELETE with malformed ids': TRAVERSAL.flatMap((id) =>
    ['users', 'courses', 'quick-programs', 'blogs', 'gallery'].map((resource): Case => [
      `${resource}/${id.slice(0, 20)}`, () => ({ method: 'DELETE', url: `/api/${resource}/${id}`, headers: bearer(ids.admin.token) }), 404,
    ]),
  ).concat([['a 300-character id', () => ({ method: 'DELETE', url: `/api/courses/${'a'.repeat(300)}`, headers: bearer(ids.admin.token) }), 414, 'The URL is too long.'],
    ['a broken percent-encoding', () => ({ method: 'DELETE', url: '/api/blogs/%E0%A4%A', headers: bearer(ids.admin.token) }), 404]]),
};

function form(parts: Parameters<typeof multipart>[0]): InjectOptions {
  const body = multipart(parts);
  return { method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, ...bearer(ids.admin.token) } };
}
async function galleryUpload(overrides: Parameters<typeof galleryForm>[0]): Promise<InjectOptions> {
  const body = await galleryForm(overrides);
  return { method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, ...bearer(ids.admin.token) } };
}

describe.each(Object.entries(SUITES))('%s', (_suite, cases) => {
  // Objects, not arrays: jest would take a missing trailing array element for a `done` callback.
  const rows = cases.map(([name, build, status, message]) => ({ name, build, status, message: message ?? null }));
  it.each(rows)('$name -> $status', async ({ build, status, message }) => {
    const before = await snapshot(t);
    const res = await t.app.inject(await build());
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    if (typeof message === 'string') expect(body.message).toBe(message);
    if (message instanceof RegExp) expect(body.message).toMatch(message);
    expect(res.body).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
    expect(await snapshot(t)).toEqual(before);
  });
});

// Issue 28: 20,000 levels of arrays made /auth/login (and every JSON route) answer 500. Any depth past the limit is
// a 400 on every route that reads a JSON body, signed in or not, before a single walk over the parsed value.
describe('deeply nested JSON', () => {
  const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it.each([['arrays', arrays(20_000)], ['objects', objects(20_000)], ['arrays inside a field', `{"email":${arrays(20_000)},"password":"x"}`]])(
    '/auth/login with 20,000 levels of %s -> 400', async (_kind, body) => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: body, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: TOO_DEEP_MESSAGE });
    });

  it('reads brackets inside strings as text, and a body just within the limit as usual', async () => {
    const title = '[[[[{{{{'.repeat(20);
    const res = await t.app.inject(json('POST', '/api/blogs', validBlog({ title })));
    expect(res.statusCode).toBe(201);
    expect(res.json().blog.title).toBe(title);
    const within = await t.app.inject({ method: 'POST', url: '/auth/login', payload: arrays(MAX_JSON_DEPTH), headers: { 'content-type': 'application/json' } });
    expect(within.json().message).toBe('The request body must be a JSON object.');
  });

  // The two public beacon routes take 16 KB at most: 20,000 levels are too large there, 2,000 too deep.
  it('answers 400 on every route that takes a body, never 500', async () => {
    const writes = t.app.registeredRoutes.filter((route) => ['POST', 'PUT', 'DELETE'].includes(route.method));
    expect(writes.length).toBeGreaterThan(20);
    const answers: Record<string, number> = {};
    for (const route of writes) {
      // A student's own-data routes refuse another's id before the body is read: the admin asks about itself there.
      const id = route.url.startsWith('/api/users/:id/') ? ids.admin.userId : courseId;
      const url = route.url.replace(':id', id).replace(':token', 'X');
      for (const levels of [20_000, 2_000]) {
        const res = await t.app.inject({ method: route.method as 'POST', url, payload: arrays(levels), headers: { 'content-type': 'application/json', ...bearer(ids.admin.token) } });
        answers[`${route.method} ${route.url} ${levels}`] = res.statusCode;
      }
    }
    // Beacon routes take small bodies (field data, CSP reports, module events): 20,000 levels are over their limit first.
    const small = new Set(['POST /api/vitals 20000', 'POST /api/csp-reports 20000', 'POST /api/module-events 20000']);
    const expected = Object.fromEntries(Object.keys(answers).map((route) => [route, small.has(route) ? 413 : 400]));
    expect(answers).toEqual(expected);
  });

  it('keeps rich text nested 7,000 tags deep (the most the field holds) from the server stack too', async () => {
    const description = `${'<b>'.repeat(7_000)}deep${'</b>'.repeat(7_000)}`;
    const res = await t.app.inject(json('POST', '/api/courses', validCourse({ description })));
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toContain('deep');
  });
});

describe('hostile text in valid fields', () => {
  it('stores SQL-looking text literally and leaves the tables intact', async () => {
    const res = await t.app.inject(json('POST', '/api/blogs', validBlog({ title: SQL, author: "Robert'); DROP TABLE blogs;--" })));
    expect(res.statusCode).toBe(201);
    expect(res.json().blog.title).toBe(SQL);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(ids.admin.token) })).json().length).toBeGreaterThan(1);
  });

  // Issue 28: plain text is kept as typed (entities are not decoded, tags not stripped); only rich text is sanitized.
  it.each(['A &lt;b&gt; B', '<img src=x onerror=alert(1)>', '&lt;script&gt;alert(1)&lt;/script&gt;', '<script>alert(1)</script>'])(
    'keeps the plain-text title %s as typed and sanitizes the rich description', async (title) => {
      const res = await t.app.inject(json('POST', '/api/courses', validCourse({ title, description: `<p>${title}</p><img src=x onerror=alert(1)>` })));
      expect(res.statusCode).toBe(201);
      expect(res.json().title).toBe(title);
      expect(res.json().description).not.toMatch(/<img|onerror=|<script/);
    });

  it('keeps tabs and line breaks where text spans lines', async () => {
    const res = await t.app.inject(json('POST', '/api/blogs', validBlog({ content: 'One\tcolumn\r\nTwo', description: 'a\nb' })));
    expect(res.statusCode).toBe(201);
    expect(res.json().blog.description).toBe('a\nb');
  });

  it('names an uploaded file itself, whatever the client calls it', async () => {
    const res = await t.app.inject(await galleryUpload({ filename: '../../../jwt-secret' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrl).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.webp$/);
  });

  it('never serves files outside the media folders', async () => {
    for (const url of ['/media/uploads/../jwt-secret', '/media/uploads/..%2Fjwt-secret', '/media/seed/..%2F..%2Fpackage.json', '/media/uploads/%2e%2e/jwt-secret']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(t.config.jwt.secret);
      expect(res.body).not.toContain('@institute/api');
    }
  });
});
