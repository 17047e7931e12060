import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app';
import { galleryForm, validBlog, validCourse } from './helpers/fixtures';
import { signInSeeded, tokenVariants, type Identities } from './helpers/tokens';

/**
 * Every route x six ways of presenting a token. A route that exists but is missing here fails the last
 * test, so a new endpoint cannot ship without a decision about who may call it.
 */
type Variant = 'none' | 'malformed' | 'expired' | 'foreign' | 'user' | 'admin';
type Expect = Record<Variant, number>;

interface Ctx {
  t: TestApp;
  ids: Identities;
}
interface Row {
  route: string; // "METHOD /pattern"
  request: (ctx: Ctx) => Promise<InjectOptions> | InjectOptions;
  expect: Expect;
}

const open = (status: number): Expect => ({ none: status, malformed: status, expired: status, foreign: status, user: status, admin: status });
const adminOnly = (status: number): Expect => ({ none: 401, malformed: 401, expired: 401, foreign: 401, user: 403, admin: status });

const first = async ({ t }: Ctx, url: string) => (await t.app.inject({ method: 'GET', url })).json()[0]._id as string;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

async function freshProgram({ t }: Ctx, kind: 'course' | 'quick_program') {
  const { price, ...rest } = validCourse();
  return (await t.app.repos.programs.create(kind, { ...rest, priceCents: Number(price) * 100 } as never)).id;
}

const ROWS: Row[] = [
  { route: 'OPTIONS *', expect: open(204), request: () => ({
    method: 'OPTIONS', url: '/api/courses', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } }) },
  { route: 'GET /media/seed/*', expect: open(200), request: () => ({ method: 'GET', url: '/media/seed/course-python-data.svg' }) },
  { route: 'GET /media/uploads/*', expect: open(200), request: async ({ t }) => ({
    method: 'GET', url: t.app.storage.url(await t.app.storage.put(Buffer.from('RIFF0000WEBP'), 'webp')) }) },
  { route: 'GET /health', expect: open(200), request: () => ({ method: 'GET', url: '/health' }) },
  { route: 'GET /api/openapi.json', expect: open(200), request: () => ({ method: 'GET', url: '/api/openapi.json' }) },
  { route: 'POST /auth/register', expect: open(201), request: () => {
    const id = unique();
    return { method: 'POST', url: '/auth/register', payload: { email: `m${id}@example.com`, username: `m${id}`, password: 'password123' } };
  } },
  { route: 'POST /auth/login', expect: open(200), request: () => ({
    method: 'POST', url: '/auth/login', payload: { email: 'student@northbridge.example', password: 'Student#2026!' } }) },
  { route: 'GET /api/users', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/users' }) },
  { route: 'GET /api/users/:id', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/users/${ids.admin.userId}` }) },
  { route: 'DELETE /api/users/:id', expect: adminOnly(200), request: async ({ t }) => {
    const id = unique();
    const userId = await t.app.repos.users.create({ email: `d${id}@example.com`, username: `d${id}`, passwordHash: 'x', role: 'user' });
    return { method: 'DELETE', url: `/api/users/${userId}` };
  } },
  { route: 'GET /api/courses', expect: open(200), request: () => ({ method: 'GET', url: '/api/courses' }) },
  { route: 'GET /api/courses/:id', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/courses/${await first(c, '/api/courses')}` }) },
  { route: 'POST /api/courses', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/courses', payload: validCourse() }) },
  { route: 'PUT /api/courses/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/courses/${await first(c, '/api/courses')}`, payload: validCourse() }) },
  { route: 'DELETE /api/courses/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'DELETE', url: `/api/courses/${await freshProgram(c, 'course')}` }) },
  { route: 'GET /api/quick-programs', expect: open(200), request: () => ({ method: 'GET', url: '/api/quick-programs' }) },
  { route: 'GET /api/quick-programs/:id', expect: open(200), request: async (c) => ({
    method: 'GET', url: `/api/quick-programs/${await first(c, '/api/quick-programs')}` }) },
  { route: 'POST /api/quick-programs', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/quick-programs', payload: validCourse() }) },
  { route: 'PUT /api/quick-programs/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/quick-programs/${await first(c, '/api/quick-programs')}`, payload: validCourse() }) },
  { route: 'DELETE /api/quick-programs/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'DELETE', url: `/api/quick-programs/${await freshProgram(c, 'quick_program')}` }) },
  { route: 'GET /api/blogs', expect: open(200), request: () => ({ method: 'GET', url: '/api/blogs' }) },
  { route: 'GET /blogs/:id', expect: open(200), request: async (c) => ({ method: 'GET', url: `/blogs/${await first(c, '/api/blogs')}` }) },
  { route: 'GET /api/blogs/:id', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/blogs/${await first(c, '/api/blogs')}` }) },
  { route: 'POST /api/blogs', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/blogs', payload: validBlog() }) },
  { route: 'DELETE /api/blogs/:id', expect: adminOnly(200), request: async ({ t }) => ({
    method: 'DELETE', url: `/api/blogs/${(await t.app.repos.blogs.create({ ...validBlog(), description: '' })).id}` }) },
  { route: 'GET /api/gallery', expect: open(200), request: () => ({ method: 'GET', url: '/api/gallery' }) },
  { route: 'POST /api/gallery', expect: adminOnly(201), request: async () => {
    const form = await galleryForm();
    return { method: 'POST', url: '/api/gallery', headers: form.headers, payload: form.payload };
  } },
  { route: 'DELETE /api/gallery/:id', expect: adminOnly(200), request: async ({ t }) => {
    const row = await t.app.repos.gallery.create({ title: 'x', description: 'y', imagePath: '/media/seed/gallery-graduation.svg', width: 1, height: 1 });
    return { method: 'DELETE', url: `/api/gallery/${row.id}` };
  } },
];

// HEAD runs the GET handler, so it answers like GET (without a body).
const MATRIX: Row[] = [
  ...ROWS,
  ...ROWS.filter((row) => row.route.startsWith('GET ')).map((row) => ({
    ...row,
    route: row.route.replace(/^GET /, 'HEAD '),
    request: async (c: Ctx) => ({ ...(await row.request(c)), method: 'HEAD' as const }),
  })),
];

const VARIANTS: Variant[] = ['none', 'malformed', 'expired', 'foreign', 'user', 'admin'];

let ctx: Ctx;
let tokens: ReturnType<typeof tokenVariants>;
beforeAll(async () => {
  const t = await createTestApp();
  const ids = await signInSeeded(t.app);
  ctx = { t, ids };
  tokens = tokenVariants(ids);
});
afterAll(() => ctx.t.close());

describe.each(MATRIX.map((row) => [row.route, row] as const))('%s', (_route, row) => {
  it.each(VARIANTS)('with %s token', async (variant) => {
    const options = await row.request(ctx);
    const token = tokens[variant];
    const headers = { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await ctx.t.app.inject({ ...options, headers });
    expect({ variant, status: res.statusCode }).toEqual({ variant, status: row.expect[variant] });
    expect(res.body).not.toMatch(/\$argon2|password_?hash/i);
    if (res.statusCode >= 400 && options.method !== 'HEAD') {
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
    }
  });
});

it('covers every registered route, and lists no route that does not exist', () => {
  const registered = ctx.t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`).sort();
  const listed = MATRIX.map((row) => row.route).sort();
  expect(registered.filter((route) => !listed.includes(route))).toEqual([]);
  expect(listed.filter((route) => !registered.includes(route))).toEqual([]);
});
