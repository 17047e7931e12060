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
