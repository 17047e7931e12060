import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);

describe('GET /api/courses', () => {
  it('lists the seeded courses in the spec shape with absolute media URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(res.statusCode).toBe(200);
    const courses = res.json();
    expect(courses.length).toBeGreaterThanOrEqual(8);
    const first = courses[0];
    expect(Object.keys(first)).toEqual(expect.arrayContaining([
      '_id', 'title', 'imgUrl', 'price', 'duration', 'totalHours', 'credential', 'preRequisite', 'description',
      'content', 'certification', 'CourseDuration',
    ]));
    expect(first.imgUrl).toBe(`${PUBLIC_URL}/media/seed/course-medical-assistant.svg`);
    expect(typeof first.price).toBe('number');
    expect(first).not.toHaveProperty('prerequisite');
    const categories = new Set(courses.map((c: { category: string }) => c.category));
    expect([...categories].sort()).toEqual(['Healthcare', 'Management', 'Networking', 'Programming']);
    const prices = courses.map((c: { price: number }) => c.price);
    expect(prices.some((p: number) => p < 500)).toBe(true);
    expect(prices.some((p: number) => p > 500)).toBe(true);
  });

  it('serves an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/courses' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    const again = await t.app.inject({ method: 'GET', url: '/api/courses', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ method: 'GET', url: '/api/courses', headers: { 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('course lifecycle (admin)', () => {
  it('creates, reads, updates and deletes a course', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/courses', headers: admin(), payload: validCourse() });
    expect(created.statusCode).toBe(201);
    const course = created.json();
    expect(course).toMatchObject({ title: 'Test Course', price: 650, CourseDuration: { calendarLength: '2 months' } });
    expect(course._id).toMatch(/^[0-9a-f-]{36}$/);

    const read = await t.app.inject({ method: 'GET', url: `/api/courses/${course._id}` });
    expect(read.json()).toEqual(course);

    const updated = await t.app.inject({
      method: 'PUT', url: `/api/courses/${course._id}`, headers: admin(),
      payload: validCourse({ title: 'Renamed', price: 499.99, content: '<ul><li>Joined</li></ul>', CourseDuration: undefined }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Renamed', price: 499.99, content: '<ul><li>Joined</li></ul>' });
    // Omitted optional fields stay as they were.
    expect(updated.json().CourseDuration).toEqual({ calendarLength: '2 months' });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/courses/${course._id}`, headers: admin() });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Course deleted.' });
    const gone = await t.app.inject({ method: 'GET', url: `/api/courses/${course._id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Not Found', message: 'Course not found.' });
  });

  it('sanitises rich text on write and keeps plain fields as typed (issue 28)', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/courses', headers: admin(),
      payload: validCourse({
        title: '<b>Safe</b> title<script>alert(1)</script>',
        description: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a></p><style>p{}</style>',
        content: ['<strong>ok</strong><iframe src="https://evil.example"></iframe>', '<a href="https://good.example" target="_blank">go</a>'],
      }),
    });
    expect(res.statusCode).toBe(201);
    const course = res.json();
    expect(course.title).toBe('<b>Safe</b> title<script>alert(1)</script>');
    expect(course.description).toBe('<p>Hi<a>link</a></p>');
    expect(course.content).toEqual([
      '<strong>ok</strong>',
      '<a href="https://good.example" target="_blank" rel="noopener noreferrer">go</a>',
    ]);
  });

  it('stores money exactly and our own media URLs as paths', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/courses', headers: admin(),
      payload: validCourse({ price: 1234.5, imgUrl: `${PUBLIC_URL}/media/seed/course-python-data.svg` }),
    });
    const { _id } = res.json();
    const [row] = await t.app.db.query<{ price_cents: number; img_url: string }>(
      'SELECT price_cents, img_url FROM programs WHERE id = $1', [_id],
    );
    expect(row).toEqual({ price_cents: 123450, img_url: '/media/seed/course-python-data.svg' });
    expect(res.json().price).toBe(1234.5);
  });

  it('answers 404 for unknown and malformed ids, and never finds a quick program here', async () => {
    const programs = (await t.app.inject({ method: 'GET', url: '/api/quick-programs' })).json();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "1' OR '1'='1", programs[0]._id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/courses/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      const put = await t.app.inject({ method: 'PUT', url: `/api/courses/${encodeURIComponent(id)}`, headers: admin(), payload: validCourse() });
      expect(put.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/courses/${encodeURIComponent(id)}`, headers: admin() });
      expect(del.statusCode).toBe(404);
    }
  });

  it('tolerates _id echoed back by an edit form', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/courses' })).json();
    const { _id, createdAt, updatedAt, ...rest } = list[0];
    const res = await t.app.inject({ method: 'PUT', url: `/api/courses/${_id}`, headers: admin(), payload: { ...rest, _id } });
    expect(res.statusCode).toBe(200);
    expect(createdAt).toBeDefined();
    expect(updatedAt).toBeDefined();
  });
});
