import { createTestApp, type TestApp } from '../helpers/app';
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

describe('quick programs', () => {
  it('lists four seeded programs, some featured, with prerequisite mirroring preRequisite', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quick-programs' });
    expect(res.statusCode).toBe(200);
    const programs = res.json();
    expect(programs).toHaveLength(4);
    expect(programs.some((p: { featured: boolean }) => p.featured)).toBe(true);
    expect(programs.some((p: { featured: boolean }) => !p.featured)).toBe(true);
    for (const p of programs) expect(p.prerequisite).toBe(p.preRequisite);
  });

  it('reads one program without a token, and with a stale token too', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/quick-programs' })).json();
    const anon = await t.app.inject({ method: 'GET', url: `/api/quick-programs/${first._id}` });
    expect(anon.statusCode).toBe(200);
    expect(anon.json().title).toBe(first.title);
    const stale = await t.app.inject({ method: 'GET', url: `/api/quick-programs/${first._id}`, headers: bearer('x.y.z') });
    expect(stale.statusCode).toBe(200);
  });

  it('creates, edits (featured kept unless sent) and deletes', async () => {
    const created = await t.app.inject({
      method: 'POST', url: '/api/quick-programs', headers: admin(), payload: validCourse({ title: 'Short one', featured: true, price: 200 }),
    });
    expect(created.statusCode).toBe(201);
    const program = created.json();
    expect(program).toMatchObject({ title: 'Short one', featured: true, price: 200, prerequisite: 'None' });

    const edited = await t.app.inject({
      method: 'PUT', url: `/api/quick-programs/${program._id}`, headers: admin(),
      payload: validCourse({ title: 'Short two', preRequisite: 'Basic English', prerequisite: 'ignored' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Short two', featured: true, preRequisite: 'Basic English', prerequisite: 'Basic English' });

    const courses = (await t.app.inject({ method: 'GET', url: '/api/courses' })).json();
    expect(courses.find((c: { _id: string }) => c._id === program._id)).toBeUndefined();

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/quick-programs/${program._id}`, headers: admin() });
    expect(removed.json()).toEqual({ message: 'Quick program deleted.' });
    const gone = await t.app.inject({ method: 'GET', url: `/api/quick-programs/${program._id}` });
    expect(gone.json()).toEqual({ error: 'Not Found', message: 'Quick program not found.' });
  });

  it('keeps a course id out of the quick-program routes', async () => {
    const [course] = (await t.app.inject({ method: 'GET', url: '/api/courses' })).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/quick-programs/${course._id}`, headers: admin() });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course._id}` })).statusCode).toBe(200);
  });
});
