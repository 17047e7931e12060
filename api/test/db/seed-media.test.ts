import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BLOGS } from '../../src/db/seed-data/blogs';
import { COURSES } from '../../src/db/seed-data/courses';
import { GALLERY } from '../../src/db/seed-data/gallery';
import { ILLUSTRATED_FILES, illustration } from '../../src/db/seed-data/illustrations';
import { QUICK_PROGRAMS } from '../../src/db/seed-data/quick-programs';

const MEDIA = path.resolve(__dirname, '../../seed-media');
const fileOf = (url: string) => url.replace('/media/seed/', '');
const seeded = [...COURSES, ...QUICK_PROGRAMS, ...BLOGS].map((item) => fileOf(item.imgUrl)).concat(GALLERY.map((image) => image.file));

test('every seeded course, program, post and gallery item has its own illustration', () => {
  expect([...seeded].sort()).toEqual([...ILLUSTRATED_FILES].sort());
  const pictures = new Set(seeded.map((file) => illustration(file)));
  expect(pictures.size).toBe(seeded.length);
});

test('the committed pictures are what illustrations.ts draws (npm run seed:media -w @institute/api rewrites them)', () => {
  for (const file of ILLUSTRATED_FILES) expect({ file, svg: readFileSync(path.join(MEDIA, file), 'utf8') }).toEqual({ file, svg: illustration(file) });
});

test('each picture renders at the size the gallery and the cards reserve for it', async () => {
  for (const image of GALLERY) {
    const meta = await sharp(path.join(MEDIA, image.file)).metadata();
    expect({ file: image.file, width: meta.width, height: meta.height }).toEqual({ file: image.file, width: image.width, height: image.height });
  }
  for (const file of seeded.filter((f) => !f.startsWith('gallery-'))) {
    const meta = await sharp(path.join(MEDIA, file)).metadata();
    expect({ file, ratio: meta.width! / meta.height! }).toEqual({ file, ratio: 1.6 });
  }
});
