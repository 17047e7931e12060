import { Type } from '@sinclair/typebox';
import { VITAL_MAX_VALUE } from '@institute/shared/contract';

/** The largest value kept per metric (shared with the browser, which drops what would be refused). */
export const VITAL_MAX = VITAL_MAX_VALUE;

/** The largest valid batch is about 9 KB (realistic ones under 3 KB); a body over this is refused with 413 before it is parsed. */
export const VITALS_BODY_LIMIT = 16 * 1024;

export const VitalsQuery = Type.Object(
  { days: Type.Optional(Type.Union([Type.Literal('7'), Type.Literal('28')], { description: 'Window in days (default 7)' })) },
  { additionalProperties: false },
);
