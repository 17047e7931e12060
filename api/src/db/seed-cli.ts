import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { cloudinaryStorage } from '../lib/cloudinary-storage';
import { localFileStorage } from '../lib/file-storage';
import { createPasswordHasher } from '../lib/passwords';
import { migrate } from './migrate';
import { openDb } from './open-db';
import { LARGE_PROFILE, seedLarge, type Volumes } from './seed-large';

const USAGE = `npm run seed -- --profile large [--courses N] [--quick-programs N] [--blogs N] [--gallery N] [--users N] [--payments N] [--photos N]

Fills the database the API uses (DATABASE_URL, else the embedded one under DATA_DIR) up to the large profile's
volumes: ${Object.entries(LARGE_PROFILE).map(([key, n]) => `${n.toLocaleString('en-US')} ${key}`).join(', ')}.
Run it with the API stopped when the database is the embedded one (it is locked by the running API).`;

/** `npm run seed -- --profile large`: volumes for measuring lists, search and pages (issue 25). */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string' }, help: { type: 'boolean' },
      courses: { type: 'string' }, 'quick-programs': { type: 'string' }, blogs: { type: 'string' }, gallery: { type: 'string' },
      users: { type: 'string' }, payments: { type: 'string' }, photos: { type: 'string' },
    },
  });
  if (values.help || values.profile !== 'large') {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const volume = (value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`Not a count: "${value}".`);
    return n;
  };
  const volumes: Volumes = {
    courses: volume(values.courses, LARGE_PROFILE.courses),
    quickPrograms: volume(values['quick-programs'], LARGE_PROFILE.quickPrograms),
    blogs: volume(values.blogs, LARGE_PROFILE.blogs),
    gallery: volume(values.gallery, LARGE_PROFILE.gallery),
    users: volume(values.users, LARGE_PROFILE.users),
    payments: volume(values.payments, LARGE_PROFILE.payments),
    photos: Math.max(1, volume(values.photos, LARGE_PROFILE.photos)),
  };
  const config = loadConfig();
  // Filling a table is one long statement: the API's 10 s statement limit is for requests, not for this.
  const db = await openDb(config.database, undefined, { connectMs: 10_000, statementMs: 1_800_000, idleInTransactionMs: 1_800_000 });
  const started = Date.now();
  try {
    await migrate(db);
    const store = config.uploadStore;
    const storage = store.kind === 'cloudinary' ? cloudinaryStorage(store) : localFileStorage(config.uploadsDir);
    const added = await seedLarge(db, storage, createPasswordHasher(config.passwordHashCost), volumes, (line) => console.log(line));
    console.log(`Large profile ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(added)}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error);
  process.exit(1);
});
