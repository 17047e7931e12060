import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, dropSchema } from '../helpers/app';
import { galleryForm, validBlog } from '../helpers/fixtures';
import { bearer, login, signInSeeded } from '../helpers/tokens';

describe('persistence across restarts', () => {
  it('keeps users, content and uploads when the app is closed and reopened on the same data folder', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'institute-persist-'));
    const schema = `persist_${Date.now().toString(36)}`;
    try {
      const first = await createTestApp({ dataDir, onDisk: true, schema, keepData: true });
      const ids = await signInSeeded(first.app);
      await first.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'keep@example.com', username: 'keeper', password: 'Cobalt-Harbor-81' } });
      const blog = (await first.app.inject({ method: 'POST', url: '/api/blogs', headers: bearer(ids.admin.token), payload: validBlog({ title: 'Still here' }) })).json().blog;
      const form = await galleryForm();
      const image = (await first.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...bearer(ids.admin.token), ...form.headers }, payload: form.payload })).json();
      const deletedCourse = (await first.app.inject({ method: 'GET', url: '/api/courses' })).json()[0]._id;
      await first.app.inject({ method: 'DELETE', url: `/api/courses/${deletedCourse}`, headers: bearer(ids.admin.token) });
      const coursesBefore = (await first.app.inject({ method: 'GET', url: '/api/courses' })).json().length;
      await first.close();

      const second = await createTestApp({ dataDir, onDisk: true, schema, keepData: true });
      try {
        await expect(login(second.app, 'keep@example.com', 'Cobalt-Harbor-81')).resolves.toHaveProperty('token');
        // A token signed before the restart is still valid: same secret, same user.
        expect((await second.app.inject({ method: 'GET', url: '/api/users', headers: bearer(ids.admin.token) })).statusCode).toBe(200);
        expect((await second.app.inject({ method: 'GET', url: `/blogs/${blog._id}` })).json().title).toBe('Still here');
        const served = await second.app.inject({ method: 'GET', url: new URL(image.imageUrl).pathname });
        expect(served.statusCode).toBe(200);
        // The seed ran once: the deleted demo course does not come back, nothing is duplicated.
        expect((await second.app.inject({ method: 'GET', url: '/api/courses' })).json()).toHaveLength(coursesBefore);
        const users = (await second.app.inject({ method: 'GET', url: '/api/users', headers: bearer(ids.admin.token) })).json();
        expect(users.filter((u: { role: string }) => u.role === 'admin')).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      if (process.env.DATABASE_URL) await dropSchema(schema);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
