import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

export type InquiryKind = 'contact' | 'appointment' | 'advising';
export type InquiryStatus = 'new' | 'contacted' | 'enrolled' | 'closed';
export type InquirySort = 'createdAt' | 'name' | 'status';

export interface NewInquiry {
  kind: InquiryKind;
  name: string;
  email: string;
  phone: string;
  message: string;
  program: string;
  preferredDate: string | null;
  preferredTime: string | null;
  timeZone: string | null;
}

export interface InquiryRecord extends NewInquiry {
  id: string;
  status: InquiryStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  studentId: string | null;
  studentName: string | null;
  noteCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface InquiryNoteRecord {
  id: string;
  body: string;
  authorName: string;
  createdAt: Date;
}

export interface InquiryPageQuery {
  offset: number;
  limit: number;
  sort: InquirySort;
  descending: boolean;
  /** Part of the name, email, phone, program or message, any case. */
  q?: string;
  status?: InquiryStatus;
  kind?: InquiryKind;
  /** Only those assigned to this admin. */
  assigneeId?: string;
}

const ORDER: Record<InquirySort, string> = { createdAt: 'i.created_at', name: 'lower(i.name)', status: 'i.status' };

// The student account is the one whose email matches, found as the row is read, so an account made later links.
const SELECT = `
  SELECT i.id, i.kind, i.name, i.email, i.phone, i.message, i.program,
         to_char(i.preferred_date, 'YYYY-MM-DD') AS "preferredDate", to_char(i.preferred_time, 'HH24:MI') AS "preferredTime",
         i.time_zone AS "timeZone", i.status, i.assignee_id AS "assigneeId", a.username AS "assigneeName",
         s.id AS "studentId", s.username AS "studentName",
         (SELECT count(*)::int FROM inquiry_notes n WHERE n.inquiry_id = i.id) AS "noteCount",
         i.created_at AS "createdAt", i.updated_at AS "updatedAt"
  FROM inquiries i
  LEFT JOIN users a ON a.id = i.assignee_id
  LEFT JOIN users s ON lower(s.email) = lower(i.email)`;

/** `%`, `_` and `\` typed into a search box are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Leads: each stored contact message and appointment request, its status, assignee and appended notes. */
export function inquiriesRepository(db: Db) {
  const byId = async (id: string): Promise<InquiryRecord | null> => (await db.query<InquiryRecord>(`${SELECT} WHERE i.id = $1`, [id]))[0] ?? null;

  return {
    byId,

    /** `q`: the caller's transaction, when the inquiry is stored with what it reports (an advising booking). */
    async create(input: NewInquiry, q: Queryable = db): Promise<string> {
      const id = randomUUID();
      await q.query(
        `INSERT INTO inquiries (id, kind, name, email, phone, message, program, preferred_date, preferred_time, time_zone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9::time, $10)`,
        [id, input.kind, input.name, input.email, input.phone, input.message, input.program, input.preferredDate, input.preferredTime, input.timeZone],
      );
      return id;
    },

    async page(query: InquiryPageQuery): Promise<{ items: InquiryRecord[]; total: number }> {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      if (query.q) {
        const like = add(likePattern(query.q));
        where.push(`(i.name ILIKE ${like} OR i.email ILIKE ${like} OR i.phone ILIKE ${like} OR i.program ILIKE ${like} OR i.message ILIKE ${like})`);
      }
      if (query.status) where.push(`i.status = ${add(query.status)}`);
      if (query.kind) where.push(`i.kind = ${add(query.kind)}`);
      if (query.assigneeId) where.push(`i.assignee_id = ${add(query.assigneeId)}`);
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const direction = query.descending ? 'DESC' : 'ASC';
      const [counted, items] = await Promise.all([
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inquiries i ${filter}`, params),
        db.query<InquiryRecord>(
          `${SELECT} ${filter} ORDER BY ${ORDER[query.sort]} ${direction}, i.id ${direction}
           LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.limit, query.offset],
        ),
      ]);
      return { items, total: counted[0]!.n };
    },

    /** Sets what is given; null when there is no such inquiry. */
    async update(id: string, change: { status?: InquiryStatus; assigneeId?: string | null }): Promise<InquiryRecord | null> {
      const rows = await db.query<{ id: string }>(
        `UPDATE inquiries SET
           status = COALESCE($2, status),
           assignee_id = CASE WHEN $3 THEN $4::uuid ELSE assignee_id END,
           updated_at = now()
         WHERE id = $1 RETURNING id`,
        [id, change.status ?? null, change.assigneeId !== undefined, change.assigneeId ?? null],
      );
      return rows.length ? byId(id) : null;
    },

    async notes(inquiryId: string): Promise<InquiryNoteRecord[]> {
      return db.query<InquiryNoteRecord>(
        `SELECT id, body, author_name AS "authorName", created_at AS "createdAt" FROM inquiry_notes
         WHERE inquiry_id = $1 ORDER BY created_at, id`,
        [inquiryId],
      );
    },

    /** Appends a note (and marks the inquiry as changed); null when there is no such inquiry. */
    async addNote(inquiryId: string, author: { id: string; username: string }, body: string): Promise<InquiryNoteRecord | null> {
      return db.transaction(async (tx) => {
        const touched = await tx.query('UPDATE inquiries SET updated_at = now() WHERE id = $1 RETURNING id', [inquiryId]);
        if (touched.length === 0) return null;
        const rows = await tx.query<InquiryNoteRecord>(
          `INSERT INTO inquiry_notes (id, inquiry_id, author_id, author_name, body) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, body, author_name AS "authorName", created_at AS "createdAt"`,
          [randomUUID(), inquiryId, author.id, author.username, body],
        );
        return rows[0]!;
      });
    },
  };
}

export type InquiriesRepository = ReturnType<typeof inquiriesRepository>;
