/** The one database seam: PGlite and node-postgres both speak PostgreSQL, so SQL is written once. */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Parameterised query ($1, $2...); values are never interpolated into SQL. */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface PgError {
  code?: string;
  constraint?: string;
}

/** 23505 is PostgreSQL's unique_violation; both drivers surface the code and constraint name. */
export function uniqueViolation(error: unknown): string | null {
  const pg = error as PgError | null;
  return pg && pg.code === '23505' ? (pg.constraint ?? '') : null;
}

/**
 * The database could not be reached or did not answer in time (connection refused or lost, connect or statement
 * timeout, server shutting down, PGlite closed). Clients get 503 with Retry-After, never a 500.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super(`The database is unavailable: ${(cause as Error | null)?.message ?? String(cause)}`, { cause });
  }
}

// Socket-level failures (node) and the ones node-postgres and PGlite raise themselves.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const MESSAGES = [
  /^Connection terminated/i, // the server went away (pg)
  /timeout exceeded when trying to connect/i, // pool: no connection within connectionTimeoutMillis
  /^Query read timeout$/i, // pg query_timeout: the server did not answer
  /Client has encountered a connection error/i,
  /^Client was closed/i,
  /Cannot use a pool after calling end/i,
  /PGlite is closed/i,
];

/**
 * True when the error means "the database is not there right now" rather than "this query is wrong": SQLSTATE
 * class 08 (connection exception), 57P01-57P03 (shutting down, starting up), 57014 (statement_timeout), 25P03
 * (idle_in_transaction_session_timeout), 53300 (too many connections), and the drivers' own timeouts.
 */
export function databaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code)) return true;
  if (/^08...$/.test(code) || ['57P01', '57P02', '57P03', '57014', '25P03', '53300'].includes(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (MESSAGES.some((re) => re.test(message))) return true;
  // AggregateError from a connect to several addresses (localhost -> ::1 and 127.0.0.1).
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(databaseUnavailable);
}

/** Rethrows an "unavailable" error as DatabaseUnavailableError; every other error (23505...) unchanged. */
export function asDatabaseError(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && databaseUnavailable(error) ? new DatabaseUnavailableError(error) : error;
}
