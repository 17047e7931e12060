import type { ErasureRequestRow } from '../../repositories/privacy';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toErasureRequest(row: ErasureRequestRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    user: row.userId && row.username && row.email ? { id: row.userId, username: row.username, email: row.email } : null,
    requestedAt: iso(row.requestedAt)!,
    decidedAt: iso(row.decidedAt),
    decidedBy: row.decidedBy && row.decidedByUsername ? { id: row.decidedBy, username: row.decidedByUsername } : null,
    decisionReason: row.decisionReason,
  };
}
