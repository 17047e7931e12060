import type { ClassSession, StudentRecord } from '../../contract';
import { download, request, type ApiFile } from '@institute/shared/api';

/** The lists of a student record that grow, each read in older pages after the record's first. */
export type GrowingList = 'payments' | 'emails' | 'notes';

const id = encodeURIComponent;

/** The admin's student pages and class lists. */
export const adminRecordsApi = {
  /** The page of `list` older than the row `before` names (keyset: rows added meanwhile never shift it). */
  older: <L extends GrowingList>(userId: string, list: L, before: string, limit: number) =>
    request<StudentRecord[L]>(`/api/students/${id(userId)}/${list}?before=${id(before)}&limit=${limit}`, { auth: true }),
  /** The server's CSV of a class list. */
  rosterCsv: (session: Pick<ClassSession, 'id' | 'startsOn'>): Promise<ApiFile> => download(`/api/sessions/${id(session.id)}/roster.csv`, {
    accept: 'text/csv',
    fallbackName: `class-list-${session.startsOn}-${session.id}.csv`,
  }),
};
