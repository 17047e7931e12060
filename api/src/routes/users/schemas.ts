import { Type } from '@sinclair/typebox';
import type { UserRecord } from '../../repositories/users';

/** The response schema is the allowlist: a password hash cannot be serialised even by mistake. */
export const User = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const toUser = (row: UserRecord) => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  createdAt: new Date(row.createdAt).toISOString(),
});
