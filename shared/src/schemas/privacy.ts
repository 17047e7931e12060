import { Type } from '@sinclair/typebox';

/** Issue 31 (decision 048): a student's request to erase their data, as the student and the admin see it. */
export const ErasureRequest = Type.Object({
  id: Type.String(),
  number: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('declined')]),
  /** Null once the account is gone; after an approval it is the erased account ("Erased student #<number>"). */
  user: Type.Union([Type.Object({ id: Type.String(), username: Type.String(), email: Type.String() }), Type.Null()]),
  requestedAt: Type.String({ format: 'date-time' }),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  decidedBy: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()]),
  decisionReason: Type.Union([Type.String(), Type.Null()]),
});

/** The student's own request, if any: the latest one (null: never asked). */
export const MyErasureRequest = Type.Object({ request: Type.Union([ErasureRequest, Type.Null()]) });

/** Asking for erasure takes the current password: a session left open on a shared computer is not enough. */
export const ErasureRequestBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

export const ErasureDecisionBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: false });

export const ExportQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])) }, { additionalProperties: false });

const Cell = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
const Row = Type.Record(Type.String(), Cell);

/** The JSON export: the account, then one list of rows per kind of record (the CSV holds the same rows). */
export const DataExport = Type.Object({
  exportedAt: Type.String({ format: 'date-time' }),
  institute: Type.String(),
  account: Row,
  sections: Type.Record(Type.String(), Type.Array(Row)),
});
