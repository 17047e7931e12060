import { createTestApp, type TestApp } from '../helpers/app';
import { validBlog, validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

/**
 * Issue 28: plain-text fields decoded entities after stripping tags, so `A &lt;b&gt; B` came back as `A <b> B`
 * and the edit form could not save what it loaded. Plain text is now kept as typed, and what the API answers can
 * be sent back unchanged.
 */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);
const TYPED = ['A &lt;b&gt; B', 'Q&A: 3 < 5 & "quotes"', '<img src=x onerror=alert(1)>', '&amp;lt;'];

describe.each(['/api/courses', '/api/quick-programs'])('%s', (base) => {
  it.each(TYPED)('keeps %s in every plain-text field, and the edit form saves it back unchanged', async (typed) => {
    const fields = { title: typed, duration: typed, totalHours: typed, credential: typed, preRequisite: typed, certification: typed, category: typed, CourseDuration: { calendarLength: typed } };
    const created = await t.app.inject({ method: 'POST', url: base, headers: admin(), payload: validCourse(fields) });
    expect(created.statusCode).toBe(201);
    const shown = (await t.app.inject({ method: 'GET', url: `${base}/${created.json()._id}` })).json();
    expect(shown).toMatchObject(fields);

    // What the admin form sends on save: the values it loaded.
    const { title, imgUrl, price, duration, totalHours, credential, preRequisite, description, content, certification, CourseDuration, category } = shown;
    const saved = await t.app.inject({ method: 'PUT', url: `${base}/${shown._id}`, headers: admin(), payload: { title, imgUrl, price, duration, totalHours, credential, preRequisite, description, content, certification, CourseDuration, category } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(fields);
  });
});

describe('blogs and gallery', () => {
  it.each(TYPED)('keep %s as typed in titles, authors, categories and bodies', async (typed) => {
    const post = { title: typed, author: typed, category: typed, content: `${typed}\nsecond line`, description: typed };
    const created = await t.app.inject({ method: 'POST', url: '/api/blogs', headers: admin(), payload: validBlog(post) });
    expect(created.statusCode).toBe(201);
    expect(created.json().blog).toMatchObject(post);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/blogs/${created.json().blog._id}`, headers: admin(), payload: validBlog(post) });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${created.json().blog._id}` })).json()).toMatchObject(post);

    const image = (await t.app.inject({ method: 'GET', url: '/api/gallery' })).json()[0];
    const edited = await t.app.inject({ method: 'PUT', url: `/api/gallery/${image._id}`, headers: admin(), payload: { title: typed, description: typed } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: typed, description: typed });
  });
});
