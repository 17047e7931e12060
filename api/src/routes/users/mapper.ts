import type { Static } from '@sinclair/typebox';
import type { User } from '@institute/shared/schemas';
import type { UserRecord } from '../../repositories/users';

export const toUser = (row: UserRecord): Static<typeof User> => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  createdAt: new Date(row.createdAt).toISOString(),
  legalName: row.legalName ?? null,
  phone: row.phone ?? null,
});
