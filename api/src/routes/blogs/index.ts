import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { BlogCard, BlogCardPage, BlogPage, BlogQuery, IdParams, Message, Blog, BlogBody, BlogCreated } from '@institute/shared/schemas';
import { CARD_EXCERPT_WORDS, excerptWords } from '@institute/shared/rules';
import type { RoutePlugin } from '../../lib/type-provider';
import { badRequest, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { toPublicUrl, toStoredPath } from '../../lib/media-url';
import { plainText } from '../../lib/sanitize';
import { fieldLabel } from '../../lib/validation-message';
import type { BlogInput, BlogRecord } from '../../repositories/blogs';
import { isPageRequest, listPageKey, readLimit } from '../list-page';
import { bearer, errors } from '../schemas';

export const BLOG_TEXT = { notFound: 'Blog not found.', created: 'Blog created.', updated: 'Blog updated.', deleted: 'Blog deleted.' } as const;

/** Blog fields are plain text (the site renders them as text, content split at line breaks). */
function toInput(body: Static<typeof BlogBody>, publicUrl: string): BlogInput {
  const input = {
    title: plainText(body.title),
    imgUrl: toStoredPath(publicUrl, body.imgUrl),
    author: plainText(body.author),
    category: plainText(body.category),
    content: plainText(body.content.replace(/\r\n?/g, '\n')),
    description: plainText(body.description ?? ''),
  };
  for (const field of ['title', 'author', 'category', 'content'] as const) {
    if (input[field] === '') throw badRequest(`${fieldLabel(field)} must not be empty.`);
  }
  return input;
}

function toBlog(row: BlogRecord, publicUrl: string): Static<typeof Blog> {
  return {
    _id: row.id,
    title: row.title,
    imgUrl: toPublicUrl(publicUrl, row.imgUrl),
    author: row.author,
    category: row.category,
    content: row.content,
    description: row.description,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** What a blog card shows: the content cut to the card's excerpt (a post's content is most of its bytes). */
function toBlogCard(row: BlogRecord, publicUrl: string): Static<typeof BlogCard> {
  const { description: _description, ...card } = toBlog(row, publicUrl);
  return { ...card, content: excerptWords(card.content, CARD_EXCERPT_WORDS) };
}

const blogsRoutes: RoutePlugin = async (app) => {
  const { blogs } = app.repos;
  const publicUrl = app.config.publicUrl;

  app.get('/api/blogs', {
    config: { public: true, cacheable: true },
    schema: {
      tags: ['Blogs'], summary: 'Posts, newest first: all of them (no parameters) or one page', querystring: BlogQuery,
      // A whole page first: a card page would also take a whole one, dropping its description.
      response: { 200: Type.Union([Type.Array(Blog), BlogPage, BlogCardPage]), ...errors(400) },
    },
  }, async (request, reply) => {
    const query = request.query as { limit?: string; cursor?: string; category?: string; q?: string; fields?: 'card' };
    if (!isPageRequest(query)) return reply.sendPublic('blog', 'list', async () => (await blogs.list()).map((row) => toBlog(row, publicUrl)));
    return reply.sendPublic('blog', listPageKey(query), async () => {
      const page = await blogs.page({
        limit: readLimit(query.limit),
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(query.category?.trim() ? { category: query.category.trim() } : {}),
        ...(query.q?.trim() ? { q: query.q.trim() } : {}),
      });
      const item = query.fields === 'card' ? toBlogCard : toBlog;
      return { ...page, items: page.items.map((row) => item(row, publicUrl)) };
    });
  });

  const one = {
    config: { public: true as const, cacheable: true },
    schema: { tags: ['Blogs'], summary: 'One post', params: IdParams, response: { 200: Blog, ...errors(404) } },
  };
  const getOne = async (request: { params: { id: string } }, reply: FastifyReply) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(BLOG_TEXT.notFound);
    return reply.sendPublic('blog', id, async () => {
      const row = await blogs.get(id);
      if (!row) throw notFound(BLOG_TEXT.notFound);
      return toBlog(row, publicUrl);
    });
  };
  // The spec's client reads one post without the /api prefix; both paths answer the same.
  app.get('/blogs/:id', one, getOne);
  app.get('/api/blogs/:id', one, getOne);

  app.post('/api/blogs', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Blogs'], summary: 'Add a post (admin)', security: bearer, body: BlogBody,
      response: { 201: BlogCreated, ...errors(400, 401, 403, 413, 415, 422) },
    },
  }, async (request, reply) => {
    const input = toInput(request.body, publicUrl);
    // After the fields are validated, so a refused post stores no image; a failed insert removes it again.
    const row = await app.withStoredImage(request.body.imgUrl, request.log, (imgUrl) => blogs.create({ ...input, imgUrl }));
    return reply.code(201).send({ message: BLOG_TEXT.created, blog: toBlog(row!, publicUrl) });
  });

  // An edit replaces every field, validated as on create; the post keeps its id and date (its URL stays the same).
  app.put('/api/blogs/:id', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Blogs'], summary: 'Edit a post (admin)', security: bearer, params: IdParams, body: BlogBody,
      response: { 200: BlogCreated, ...errors(400, 401, 403, 404, 413, 415, 422) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(BLOG_TEXT.notFound);
    const input = toInput(request.body, publicUrl);
    // A missing post fetches no image; one deleted meanwhile leaves none behind (withStoredImage removes it).
    if (!(await blogs.get(id))) throw notFound(BLOG_TEXT.notFound);
    const row = await app.withStoredImage(request.body.imgUrl, request.log, (imgUrl) => blogs.update(id, { ...input, imgUrl }));
    if (!row) throw notFound(BLOG_TEXT.notFound);
    return { message: BLOG_TEXT.updated, blog: toBlog(row, publicUrl) };
  });

  app.delete('/api/blogs/:id', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Blogs'], summary: 'Delete a post (admin)', security: bearer, params: IdParams,
      response: { 200: Message, ...errors(401, 403, 404) },
    },
  }, async (request) => {
    const deleted = isId(request.params.id) && (await blogs.delete(request.params.id));
    if (!deleted) throw notFound(BLOG_TEXT.notFound);
    return { message: BLOG_TEXT.deleted };
  });
};

export default blogsRoutes;
