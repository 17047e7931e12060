import type { FastifyBaseLogger } from 'fastify';
import type { Account, AppConfig } from '../config';
import type { PasswordHasher } from '../lib/passwords';
import { richContent, richText } from '../lib/sanitize';
import type { Repositories } from '../repositories';
import type { ProgramKind } from '../repositories/programs';
import { DuplicateUserError, type Role } from '../repositories/users';
import type { Db } from './db';
import { BLOGS } from './seed-data/blogs';
import { COURSES } from './seed-data/courses';
import { GALLERY } from './seed-data/gallery';
import { QUICK_PROGRAMS } from './seed-data/quick-programs';
import { seedSessions } from './seed-data/sessions';
import type { SeedProgram } from './seed-data/types';

export interface SeedDeps {
  db: Db;
  repos: Repositories;
  passwords: PasswordHasher;
  config: AppConfig;
  log: FastifyBaseLogger;
}

const SEEDED_KEY = 'demo_content_seeded';

/** Creates the account when its email is unused; never changes an existing account. */
async function ensureAccount({ repos, passwords, log }: SeedDeps, account: Account, role: Role): Promise<boolean> {
  const existing = await repos.users.findByEmailWithHash(account.email);
  if (existing) {
    if (existing.role !== role) log.warn({ email: account.email, role: existing.role }, `account exists without role ${role}; left unchanged`);
    return false;
  }
  const passwordHash = await passwords.hash(account.password);
  // Another account may already use the wanted username; a numbered variant keeps start-up going.
  for (const username of [account.username, `${account.username}-2`, `${account.username}-3`]) {
    try {
      await repos.users.create({ email: account.email, username, passwordHash, role });
      return true;
    } catch (error) {
      if (error instanceof DuplicateUserError && error.field === 'username') continue;
      if (error instanceof DuplicateUserError) return false; // created concurrently by another instance
      throw error;
    }
  }
  throw new Error(`Could not create the ${role} account ${account.email}: usernames taken.`);
}

async function insertPrograms(repos: Repositories, kind: ProgramKind, items: SeedProgram[], start: number) {
  for (const [i, item] of items.entries()) {
    const { price, calendarLength, description, content, ...rest } = item;
    const program = await repos.programs.create(
      kind,
      { ...rest, priceCents: Math.round(price * 100), calendarLength, description: richText(description), content: richContent(content) },
      new Date(start + i * 60_000),
    );
    for (const session of seedSessions(item.duration, i, item.category === 'Healthcare')) {
      await repos.classSessions.create({ ...session, programId: program.id });
    }
  }
}

/** Demo content goes in once, into an empty database; deleting it later does not bring it back. */
async function seedContent({ db, repos }: SeedDeps): Promise<boolean> {
  const [flag] = await db.query('SELECT value FROM app_meta WHERE key = $1', [SEEDED_KEY]);
  if (flag) return false;
  const counts = await Promise.all([repos.programs.count(), repos.blogs.count(), repos.gallery.count()]);
  if (counts.some((n) => n > 0)) return false;
  const start = Date.parse('2026-01-01T09:00:00.000Z');
  await insertPrograms(repos, 'course', COURSES, start);
  await insertPrograms(repos, 'quick_program', QUICK_PROGRAMS, start);
  for (const blog of BLOGS) {
    const { createdAt, ...input } = blog;
    await repos.blogs.create(input, new Date(createdAt));
  }
  // The gallery lists newest first; descending timestamps keep the order written above.
  for (const [i, image] of GALLERY.entries()) {
    const { file, ...rest } = image;
    await repos.gallery.create({ ...rest, imagePath: `/media/seed/${file}` }, new Date(start - i * 60_000));
  }
  await db.query('INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [SEEDED_KEY, new Date().toISOString()]);
  return true;
}

export interface SeedReport {
  adminCreated: boolean;
  studentCreated: boolean;
  contentSeeded: boolean;
}

/** Runs at every start: the admin account, the development student, and the demo content when empty. */
export async function seed(deps: SeedDeps): Promise<SeedReport> {
  const adminCreated = await ensureAccount(deps, deps.config.admin, 'admin');
  const studentCreated = deps.config.demoStudent ? await ensureAccount(deps, deps.config.demoStudent, 'user') : false;
  const contentSeeded = deps.config.seedDemoContent ? await seedContent(deps) : false;
  return { adminCreated, studentCreated, contentSeeded };
}
