import fs from 'node:fs';
import path from 'node:path';
import { COURSES } from '../../src/db/seed-data/courses';
import { GALLERY } from '../../src/db/seed-data/gallery';
import { QUICK_PROGRAMS } from '../../src/db/seed-data/quick-programs';
import { BLOGS } from '../../src/db/seed-data/blogs';
import { createTestApp } from '../helpers/app';
import { login } from '../helpers/tokens';

const MEDIA = path.resolve(__dirname, '../../seed-media');

describe('seed data', () => {
  it('has at least 8 courses in the four footer categories, prices both sides of 500', () => {
    expect(COURSES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(COURSES.map((c) => c.category))).toEqual(new Set(['Healthcare', 'Programming', 'Networking', 'Management']));
    expect(COURSES.some((c) => c.price < 500)).toBe(true);
    expect(COURSES.some((c) => c.price > 500)).toBe(true);
    for (const c of COURSES) {
      expect(c.duration).toMatch(/^\d+(\.\d+)? weeks$/);
      expect(c.totalHours).toMatch(/^\d+ hours$/);
      expect(c.calendarLength).toBeTruthy();
    }
  });

  it('ships every referenced image in the repo as a small original SVG', () => {
    const files = [...COURSES, ...QUICK_PROGRAMS, ...BLOGS].map((item) => path.basename(item.imgUrl)).concat(GALLERY.map((g) => g.file));
    expect(files).toHaveLength(22);
    for (const file of files) {
      const full = path.join(MEDIA, file);
      expect(fs.existsSync(full)).toBe(true);
      const text = fs.readFileSync(full, 'utf8');
      expect(fs.statSync(full).size).toBeLessThan(50 * 1024);
      expect(text.startsWith('<svg')).toBe(true);
      expect(text).not.toMatch(/<script|href="http|xlink:href="http|on\w+=/i);
    }
    for (const image of GALLERY) {
      const svg = fs.readFileSync(path.join(MEDIA, image.file), 'utf8');
      expect(svg).toContain(`width="${image.width}" height="${image.height}"`);
    }
  });

  it('has featured and regular quick programs, and posts with line breaks', () => {
    expect(QUICK_PROGRAMS).toHaveLength(4);
    expect(QUICK_PROGRAMS.filter((p) => p.featured).length).toBeGreaterThan(0);
    expect(QUICK_PROGRAMS.filter((p) => !p.featured).length).toBeGreaterThan(0);
    expect(BLOGS).toHaveLength(4);
    for (const blog of BLOGS) expect(blog.content.split('\n').length).toBeGreaterThan(2);
  });
});

describe('seeding at start', () => {
  it('creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD and no demo content when turned off', async () => {
    const t = await createTestApp({
      config: {
        admin: { email: 'boss@example.com', username: 'boss', password: 'Very-Long-Secret-1', usingDefaults: false },
        demoStudent: null,
        seedDemoContent: false,
      },
    });
    try {
      const { token } = await login(t.app, 'boss@example.com', 'Very-Long-Secret-1');
      const users = (await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } })).json();
      expect(users).toEqual([expect.objectContaining({ email: 'boss@example.com', username: 'boss', role: 'admin' })]);
      expect((await t.app.inject({ method: 'GET', url: '/api/courses' })).json()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
