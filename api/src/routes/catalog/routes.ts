import { Type } from '@sinclair/typebox';
import { CatalogQuery, IdParams, Message, Program, ProgramBody, ProgramCardPage, ProgramPage } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { CatalogSort, ProgramKind } from '../../repositories/programs';
import { isPageRequest, listPageKey, readLimit } from '../list-page';
import { bearer, errors } from '../schemas';
import { toProgram, toProgramCard, toProgramInput } from './mapper';

export interface CatalogOptions {
  kind: ProgramKind;
  /** e.g. /api/courses */
  base: string;
  tag: string;
  /** e.g. "Course" for messages like "Course not found." */
  noun: string;
}

/** Courses and quick programs: public reads, admin writes, same shape (spec section 3). */
export function catalogRoutes({ kind, base, tag, noun }: CatalogOptions): RoutePlugin {
  return async (app) => {
    const { programs, classSessions } = app.repos;
    const publicUrl = app.config.publicUrl;
    const missing = () => notFound(`${noun} not found.`);
    const idOf = (id: string) => {
      if (!isId(id)) throw missing();
      return id;
    };

    app.get(base, {
      config: { public: true, cacheable: true },
      schema: {
        tags: [tag],
        summary: `List ${tag.toLowerCase()}: every one (no parameters, as the spec reads it) or one page`,
        querystring: CatalogQuery,
        // A whole page first: a card page would also take a whole one, dropping its long texts.
        response: { 200: Type.Union([Type.Array(Program), ProgramPage, ProgramCardPage]), ...errors(400) },
      },
    }, async (request, reply) => {
      const query = request.query as {
        limit?: string; cursor?: string; sort?: CatalogSort; category?: string; q?: string; startsWith?: string; fields?: 'card';
      };
      if (!isPageRequest(query)) {
        return reply.sendPublic(kind, 'list', async () => (await programs.list(kind)).map((row) => toProgram(row, kind, publicUrl)));
      }
      return reply.sendPublic(kind, listPageKey(query), async () => {
        const page = await programs.page(kind, {
          limit: readLimit(query.limit),
          sort: query.sort ?? 'added',
          ...(query.cursor ? { cursor: query.cursor } : {}),
          ...(query.category?.trim() ? { category: query.category.trim() } : {}),
          ...(query.q?.trim() ? { q: query.q.trim() } : {}),
          ...(query.startsWith?.trim() ? { startsWith: query.startsWith.trim() } : {}),
          // A list page's filter needs them once, with its first page; the header search never does.
          withCategories: !query.cursor && query.startsWith === undefined,
        });
        if (query.fields !== 'card') return { ...page, items: page.items.map((row) => toProgram(row, kind, publicUrl)) };
        // The cards' next starts in one query for the page (never one per card).
        const next = await classSessions.nextSessions(page.items.map((row) => row.id));
        return { ...page, items: page.items.map((row) => toProgramCard(row, kind, publicUrl, next.get(row.id))) };
      });
    });

    app.get(`${base}/:id`, {
      config: { public: true, cacheable: true },
      schema: { tags: [tag], summary: `One ${noun.toLowerCase()}`, params: IdParams, response: { 200: Program, ...errors(404) } },
    }, async (request, reply) => {
      const id = idOf(request.params.id);
      return reply.sendPublic(kind, id, async () => {
        const row = await programs.get(kind, id);
        if (!row) throw missing();
        return toProgram(row, kind, publicUrl);
      });
    });

    app.post(base, {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: [tag], summary: `Add a ${noun.toLowerCase()} (admin)`, security: bearer, body: ProgramBody,
        response: { 201: Program, ...errors(400, 401, 403, 413, 415, 422) },
      },
    }, async (request, reply) => {
      const input = toProgramInput(request.body, publicUrl);
      // After the fields are validated, so a refused item stores no image; a failed insert removes it again.
      const row = await app.withStoredImage(request.body.imgUrl, request.log, (imgUrl) => programs.create(kind, { ...input, imgUrl }));
      return reply.code(201).send(toProgram(row!, kind, publicUrl));
    });

    app.put(`${base}/:id`, {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: [tag], summary: `Edit a ${noun.toLowerCase()} (admin)`, security: bearer, params: IdParams, body: ProgramBody,
        response: { 200: Program, ...errors(400, 401, 403, 404, 413, 415, 422) },
      },
    }, async (request) => {
      const id = idOf(request.params.id);
      const input = toProgramInput(request.body, publicUrl);
      // A missing item fetches no image; one deleted meanwhile leaves none behind (withStoredImage removes it).
      if (!(await programs.get(kind, id))) throw missing();
      const row = await app.withStoredImage(request.body.imgUrl, request.log, (imgUrl) => programs.update(kind, id, { ...input, imgUrl }));
      if (!row) throw missing();
      return toProgram(row, kind, publicUrl);
    });

    app.delete(`${base}/:id`, {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: [tag], summary: `Delete a ${noun.toLowerCase()} (admin)`, security: bearer, params: IdParams,
        response: { 200: Message, ...errors(401, 403, 404) },
      },
    }, async (request) => {
      if (!(await programs.delete(kind, idOf(request.params.id)))) throw missing();
      return { message: `${noun} deleted.` };
    });
  };
}
