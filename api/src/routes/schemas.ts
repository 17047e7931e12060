import type { TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '@institute/shared/schemas';

/** What only the API's route declarations need; the shapes themselves live in `@institute/shared/schemas`. */
export function errors<Code extends number>(...codes: Code[]): { [C in Code]: typeof ErrorBody } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as { [C in Code]: typeof ErrorBody };
}

export const bearer = [{ bearerAuth: [] as string[] }];

interface RouteSchema {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Record<number, TSchema>;
}

/** An admin's change of stored records may meet bad input, an unknown record or a conflict with what is stored. */
const CHANGE_ERRORS = [400, 401, 403, 404, 409] as const;
/** An admin's read of one record: not signed in, not an admin, or an unknown record; a list has no unknown. */
const READ_ERRORS = [401, 403, 404] as const;
const LIST_ERRORS = [401, 403] as const;

/**
 * Declarations of one area's admin-only routes: the role judged on request, bearer security in the OpenAPI
 * document, the area's tag, and the error answers of a change or a read beside the route's own.
 */
export function adminRoutes(admin: (request: FastifyRequest) => Promise<void>, tags: string[]) {
  function declare<S extends RouteSchema, Code extends number>(summary: string, schema: S, codes: readonly Code[]) {
    return {
      onRequest: admin,
      schema: { tags, summary, security: bearer, ...schema, response: { ...schema.response, ...errors(...codes) } as S['response'] & { [C in Code]: typeof ErrorBody } },
    };
  }
  return {
    change: <S extends RouteSchema>(summary: string, schema: S) => declare(summary, schema, CHANGE_ERRORS),
    read: <S extends RouteSchema>(summary: string, schema: S) => declare(summary, schema, READ_ERRORS),
    list: <S extends RouteSchema>(summary: string, schema: S) => declare(summary, schema, LIST_ERRORS),
  };
}
