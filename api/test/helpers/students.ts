import type { FastifyInstance } from 'fastify';
import { bearer } from './tokens';

const DAY_MS = 86_400_000;

/** The UTC day `offset` days from `from` (now by default), YYYY-MM-DD. */
export const day = (offset: number, from = Date.now()) => new Date(from + offset * DAY_MS).toISOString().slice(0, 10);

let counter = 0;
/** A name no other test (nor an earlier run on the same database) has used: this run's clock and a counter. */
export const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

export interface Student {
  userId: string;
  username: string;
  email: string;
  token: string;
}

/** A student account made straight in the store (it has no password to sign in with) and a token of it. */
export async function makeStudent(app: FastifyInstance, prefix: string): Promise<Student> {
  const username = `${prefix}${unique()}`;
  const email = `${username}@x.test`;
  const userId = await app.repos.users.create({ email, username, passwordHash: 'x', role: 'user' });
  return { userId, username, email, token: app.signToken({ id: userId, username, email, role: 'user' }, 0) };
}

export interface SessionOptions {
  /** Days from today to its first day (20); it runs 60 days. */
  startsIn?: number;
  /** Days from today to its enrollment deadline (two days before it starts). */
  deadlineIn?: number;
  /** Unlimited when left out. */
  seats?: number;
  schedule?: string;
}

/** A class session of the program, opened by the admin through the API (which must accept it). */
export async function openSession(app: FastifyInstance, adminToken: string, programId: string, options: SessionOptions = {}): Promise<string> {
  const startsIn = options.startsIn ?? 20;
  const res = await app.inject({
    method: 'POST', url: '/api/sessions', headers: bearer(adminToken),
    payload: {
      courseId: programId, startsOn: day(startsIn), endsOn: day(startsIn + 60), schedule: options.schedule ?? 'Mon/Wed 6-9 pm', mode: 'online',
      ...(options.seats === undefined ? {} : { seats: options.seats }), enrollmentDeadline: day(options.deadlineIn ?? startsIn - 2),
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** Cash for a balance the admin records as taken today; above the balance it is refused unless `over` says otherwise. */
export const recordCash = (app: FastifyInstance, adminToken: string, userId: string, programId: string, amount: number, over: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST', url: '/api/admin/ledger/offline-payments', headers: bearer(adminToken),
    payload: { userId, programId, amount, method: 'cash', paidOn: day(0), overBalance: 'refuse', ...over },
  });
