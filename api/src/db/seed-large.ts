import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../lib/file-storage';
import type { PasswordHasher } from '../lib/passwords';
import type { Db } from './db';

/** The volumes of issue 25's goal, and the benchmark's users and payments. */
export const LARGE_PROFILE = {
  courses: 10_000,
  quickPrograms: 2_000,
  blogs: 5_000,
  gallery: 5_000,
  users: 100_000,
  payments: 1_000_000,
  photos: 8,
} as const;
export type Volumes = { -readonly [K in keyof typeof LARGE_PROFILE]: number };

/**
 * A camera-sized photograph (6000×4000 JPEG, several MB) with a real photo's detail at every scale: the smooth
 * light of a scene, texture at two scales (what a downscaled photo keeps, so a 720 px variant weighs what a real
 * one does) and sensor grain (what makes the original large). A smooth gradient with per-pixel noise alone shrank
 * to under 2 KB at 720 px, far lighter than a camera's photo, and made the image budgets pass for the wrong reason.
 * `seed` picks the colours, so no two are alike.
 */
export async function cameraPhoto(seed: number, width = 6000, height = 4000): Promise<Buffer> {
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    // xorshift32: cheap, and the same photo for the same seed.
    state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
    return state & 0xff;
  };
  /** Random colours on a small grid, enlarged smoothly; `contrast` below 1 pulls them towards grey. */
  const enlarged = (columns: number, rows: number, contrast = 1) => {
    const colours = Buffer.alloc(columns * rows * 3);
    for (let i = 0; i < colours.length; i++) colours[i] = Math.round(128 + (random() - 128) * contrast);
    return sharp(colours, { raw: { width: columns, height: rows, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  };
  const raw = { width, height, channels: 3 as const };
  const [scene, texture, detail] = [await enlarged(8, 6), await enlarged(Math.ceil(width / 24), Math.ceil(height / 24)),
    await enlarged(Math.ceil(width / 6), Math.ceil(height / 6), 0.5)];
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
    .raw().toBuffer();
  return sharp(scene, { raw })
    .composite([{ input: texture, raw, blend: 'soft-light' }, { input: detail, raw, blend: 'soft-light' }, { input: grain, raw, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const count = async (db: Db, sql: string) => (await db.query<{ n: number }>(sql))[0]!.n;

// Deterministic ids (md5 of a name and a number): a second run adds only what is missing, and payments can point
// at users and courses without reading them back.
const TITLE_WORDS = `ARRAY['Medical','Clinical','Pharmacy','Network','Cloud','Cyber','Data','Software','Project','Dental',
  'Surgical','Web','Business','Accounting','Welding','Electrical','HVAC','Logistics','Nursing','Radiology']`;
const TITLE_KINDS = `ARRAY['Assistant','Technician','Administration','Security','Analytics','Development','Management',
  'Billing and Coding','Support','Essentials','Operations','Foundations']`;
const CATEGORIES = `ARRAY['Healthcare','Networking','Programming','Management','Trades','Business','Design','Security']`;
const TEXT = `repeat('Hands-on training with instructors from the field, labs every week and a certification exam at the end. ', 15)`;
const title = (n: string) => `(${TITLE_WORDS})[1 + ${n} % 20] || ' ' || (${TITLE_KINDS})[1 + (${n} / 20) % 12] || ' ' || ${n}`;

/**
 * Fills the database up to `volumes` rows per table, in a few set-based statements (generate_series), on the
 * embedded database and on a PostgreSQL server alike. Every record's image is one of a pool of generated camera
 * photographs, stored the way the API stores an upload. Returns what was added.
 */
export async function seedLarge(db: Db, storage: FileStorage, passwords: PasswordHasher, volumes: Volumes, log: (line: string) => void) {
  // A second run reuses the photographs of the first (the records already point at them).
  const [kept] = await db.query<{ value: string }>("SELECT value FROM app_meta WHERE key = 'large_profile_photos'");
  const photos: string[] = kept ? (JSON.parse(kept.value) as string[]) : [];
  for (let i = photos.length; i < volumes.photos; i++) {
    const started = Date.now();
    const bytes = await cameraPhoto(i + 1);
    photos.push(storage.url(await storage.put(bytes, 'jpg')));
    log(`photo ${i + 1}/${volumes.photos}: ${(bytes.length / 1e6).toFixed(1)} MB, 6000×4000 (${Date.now() - started} ms)`);
  }
  await db.query(
    "INSERT INTO app_meta (key, value) VALUES ('large_profile_photos', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
    [JSON.stringify(photos)],
  );
  const photo = (n: string) => `($1::text[])[1 + ${n} % array_length($1::text[], 1)]`;
  const added: Record<string, number> = {};
  const step = async (name: string, sql: string, params: unknown[]) => {
    const started = Date.now();
    const rows = await db.query<{ id: string }>(`${sql} RETURNING 1 AS id`, params);
    added[name] = rows.length;
    log(`${name}: ${rows.length} added (${Date.now() - started} ms)`);
  };

  for (const [kind, prefix, n] of [['course', 'large-course-', volumes.courses], ['quick_program', 'large-program-', volumes.quickPrograms]] as const) {
    await step(kind === 'course' ? 'courses' : 'quick programs', `
      INSERT INTO programs (id, kind, title, img_url, price_cents, duration, total_hours, credential, pre_requisite,
        certification, description, content, category, featured, created_at, updated_at)
      SELECT md5($2::text || i)::uuid, $3::text, ${title('i')}, ${photo('i')}, 5000 + (i * 7919) % 395000,
        CASE i % 4 WHEN 0 THEN (1 + i % 52) || ' weeks' WHEN 1 THEN (1 + i % 18) || ' months' WHEN 2 THEN (1 + i % 30) || ' days' ELSE '1 weekend' END,
        (20 + i % 600) || ' hours', 'Certificate', 'High school diploma', 'Institute certificate',
        '<p>' || ${TEXT} || '</p>', '["Week one","Week two","Week three"]'::jsonb, (${CATEGORIES})[1 + i % 8], i % 97 = 0,
        timestamptz '2024-01-01T00:00:00Z' + i * interval '7 minutes', timestamptz '2024-01-01T00:00:00Z' + i * interval '7 minutes'
      FROM generate_series(1, $4::int) AS i
      ON CONFLICT (id) DO NOTHING`, [photos, prefix, kind, n]);
  }
  // Two cohorts per generated program (issue 29): an evening class on campus with seats, an online class without a
  // limit a month later; start dates spread over the coming quarter.
  for (const [kind, prefix, n] of [['course', 'large-course-', volumes.courses], ['quick_program', 'large-program-', volumes.quickPrograms]] as const) {
    await step(`${kind === 'course' ? 'course' : 'quick program'} sessions`, `
      INSERT INTO class_sessions (id, program_id, starts_on, ends_on, schedule, mode, address, seats, enrollment_deadline)
      SELECT md5($1::text || 'session-' || i || '-' || k)::uuid, p.id, start, start + 55, sched, mode, addr, seats, start - 3
      FROM generate_series(1, $2::int) AS i
      JOIN programs p ON p.id = md5($1::text || i)::uuid
      CROSS JOIN LATERAL (VALUES
        (1, current_date + 14 + (i % 90), 'Mon/Wed 6-9 pm', 'in_person', '1200 Harbor Avenue, Suite 300, Northbridge', 12 + i % 13),
        (2, current_date + 44 + (i % 90), 'Tue/Thu 7-9 pm, live online', 'online', NULL, NULL)
      ) AS c(k, start, sched, mode, addr, seats)
      ON CONFLICT (id) DO NOTHING`, [prefix, n]);
  }
  await step('blog posts', `
    INSERT INTO blogs (id, title, img_url, author, category, content, description, created_at, updated_at)
    SELECT md5('large-blog-' || i)::uuid, 'Career notes ' || i || ': ' || ${title('i')}, ${photo('i')},
      (ARRAY['Dana Whitfield','Luis Moreno','Priya Natarajan','Tom Becker'])[1 + i % 4], (${CATEGORIES})[1 + i % 8],
      ${TEXT} || E'\\n' || ${TEXT}, 'What the week taught our students.',
      timestamptz '2024-01-01T00:00:00Z' + i * interval '90 minutes', timestamptz '2024-01-01T00:00:00Z' + i * interval '90 minutes'
    FROM generate_series(1, $2::int) AS i
    ON CONFLICT (id) DO NOTHING`, [photos, volumes.blogs]);
  await step('gallery images', `
    INSERT INTO gallery_images (id, title, description, image_path, width, height, created_at, updated_at)
    SELECT md5('large-image-' || i)::uuid, 'Campus photo ' || i, 'Students at work in the labs.', ${photo('i')}, 6000, 4000,
      timestamptz '2024-01-01T00:00:00Z' + i * interval '95 minutes', timestamptz '2024-01-01T00:00:00Z' + i * interval '95 minutes'
    FROM generate_series(1, $2::int) AS i
    ON CONFLICT (id) DO NOTHING`, [photos, volumes.gallery]);
  // One hash of a random password for every generated student: nobody can sign in as them, and argon2 runs once.
  const hash = await passwords.hash(randomBytes(24).toString('base64url'));
  await step('users', `
    INSERT INTO users (id, username, email, password_hash, role, created_at)
    SELECT md5('large-user-' || i)::uuid, 'student' || i, 'student' || i || '@large.example', $1, 'user',
      timestamptz '2024-01-01T00:00:00Z' + i * interval '4 minutes'
    FROM generate_series(1, $2::int) AS i
    ON CONFLICT DO NOTHING`, [hash, volumes.users]);
  // Payments point at the generated students and courses by their deterministic ids, so these must all be there.
  const users = await count(db, `SELECT count(*)::int AS n FROM users WHERE id IN (SELECT md5('large-user-' || i)::uuid FROM generate_series(1, ${volumes.users}) AS i)`);
  const courses = await count(db, `SELECT count(*)::int AS n FROM programs WHERE id IN (SELECT md5('large-course-' || i)::uuid FROM generate_series(1, ${volumes.courses}) AS i)`);
  if (users === volumes.users && courses === volumes.courses && users > 0 && courses > 0) {
    // Payments in batches, so one statement never holds a million rows in memory (PGlite returns them all).
    const batch = 100_000;
    let total = 0;
    const started = Date.now();
    for (let from = 1; from <= volumes.payments; from += batch) {
      const rows = await db.query<{ n: number }>(`
        WITH added AS (
          INSERT INTO payments (id, user_id, program_id, program_title, price_cents, amount_cents, currency, flow,
            paypal_order_id, paypal_capture_id, status, receipt_number, created_at, updated_at, completed_at)
          SELECT md5('large-payment-' || i)::uuid, md5('large-user-' || (1 + i % $3::int))::uuid,
            md5('large-course-' || c)::uuid, ${title('c')}, 5000 + (c * 7919) % 395000,
            CASE WHEN i % 3 = 0 THEN (5000 + (c * 7919) % 395000) / 2 ELSE 5000 + (c * 7919) % 395000 END, 'USD',
            (ARRAY['buttons','redirect','client'])[1 + i % 3], 'LARGE-' || i, CASE WHEN i % 10 > 1 THEN 'CAP-' || i END,
            CASE i % 10 WHEN 0 THEN 'CREATED' WHEN 1 THEN 'CANCELLED' ELSE 'COMPLETED' END,
            -- Numbered already: the receipt trigger issues no number and queues no email for generated payments.
            CASE WHEN i % 10 > 1 THEN 'LARGE-' || lpad(i::text, 7, '0') END,
            timestamptz '2024-01-01T00:00:00Z' + i * interval '40 seconds', timestamptz '2024-01-01T00:00:00Z' + i * interval '40 seconds',
            CASE WHEN i % 10 > 1 THEN timestamptz '2024-01-01T00:00:00Z' + i * interval '40 seconds' END
          FROM generate_series($1::int, $2::int) AS i, LATERAL (SELECT 1 + i % $4::int AS c) AS pick
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM added`, [from, Math.min(volumes.payments, from + batch - 1), users, courses]);
      total += rows[0]!.n;
      log(`payments: ${Math.min(volumes.payments, from + batch - 1)} of ${volumes.payments} (${Date.now() - started} ms)`);
    }
    added.payments = total;
  } else if (volumes.payments > 0) {
    log('payments: skipped (the generated students or courses are not all there)');
  }
  await db.exec('ANALYZE');
  return added;
}
