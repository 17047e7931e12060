import { Type } from '@sinclair/typebox';
import { GalleryEditBody, GalleryImage, GalleryPage, GalleryQuery, IdParams, Message } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { IMAGE_TEXT, acceptImage } from '../../lib/accept-image';
import { badRequest, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { plainText } from '../../lib/sanitize';
import type { GalleryRecord, GallerySort } from '../../repositories/gallery';
import { isPageRequest, listPageKey, readLimit } from '../list-page';
import { variantPrefix } from '../../plugins/app/media';
import { bearer, errors } from '../schemas';
import { readGalleryUpload } from './upload';

export const GALLERY_TEXT = {
  notFound: 'Image not found.',
  updated: 'Image updated.',
  deleted: 'Image deleted.',
  ...IMAGE_TEXT,
} as const;

const galleryRoutes: RoutePlugin = async (app) => {
  const { gallery } = app.repos;
  const toImage = (row: GalleryRecord) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: app.mediaUrl(row.imagePath),
    width: row.width,
    height: row.height,
  });

  app.get('/api/gallery', {
    config: { public: true, cacheable: true },
    schema: {
      tags: ['Gallery'], summary: 'Images, newest first: all of them (no parameters) or one page, searched and ordered', querystring: GalleryQuery,
      response: { 200: Type.Union([Type.Array(GalleryImage), GalleryPage]), ...errors(400) },
    },
  }, async (request, reply) => {
    const query = request.query as { limit?: string; cursor?: string; sort?: GallerySort; q?: string };
    if (!isPageRequest(query)) return reply.sendPublic('gallery', 'list', async () => (await gallery.list()).map(toImage));
    return reply.sendPublic('gallery', listPageKey(query), async () => {
      const page = await gallery.page({
        limit: readLimit(query.limit),
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(query.sort ? { sort: query.sort } : {}),
        ...(query.q?.trim() ? { q: query.q.trim() } : {}),
      });
      return { ...page, items: page.items.map(toImage) };
    });
  });

  app.post('/api/gallery', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Gallery'], summary: 'Upload an image (admin; multipart: image, title, description)', security: bearer,
      consumes: ['multipart/form-data'],
      response: { 201: GalleryImage, ...errors(400, 401, 403, 413, 415, 422) },
    },
  }, async (request, reply) => {
    const upload = await readGalleryUpload(request);
    const encoded = await acceptImage(upload.image, request.log);
    const key = await app.storage.put(encoded.data, 'webp');
    try {
      const row = await gallery.create({
        title: upload.title, description: upload.description, imagePath: app.storage.url(key),
        width: encoded.width, height: encoded.height,
      });
      return reply.code(201).send(toImage(row));
    } catch (error) {
      await app.storage.delete(key);
      throw error;
    }
  });

  // Title and description change in place; a different picture is a new upload (its file is re-encoded and stored).
  app.put('/api/gallery/:id', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Gallery'], summary: "Edit an image's title and description (admin)", security: bearer, params: IdParams,
      body: GalleryEditBody,
      response: { 200: GalleryImage, ...errors(400, 401, 403, 404) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(GALLERY_TEXT.notFound);
    const title = plainText(request.body.title);
    const description = plainText(request.body.description);
    if (!title || !description) throw badRequest(`${title ? 'Description' : 'Title'} must not be empty.`);
    const row = await gallery.update(id, { title, description });
    if (!row) throw notFound(GALLERY_TEXT.notFound);
    return toImage(row);
  });

  app.delete('/api/gallery/:id', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Gallery'], summary: 'Delete an image and its file (admin)', security: bearer, params: IdParams,
      response: { 200: Message, ...errors(401, 403, 404) },
    },
  }, async (request) => {
    const row = isId(request.params.id) ? await gallery.delete(request.params.id) : null;
    if (!row) throw notFound(GALLERY_TEXT.notFound);
    // Seed images ship with the repo and are not ours to delete; uploads are, once nothing else shows them.
    const key = app.storage.keyOf(row.imagePath);
    if (key && !(await gallery.fileInUse(row.imagePath))) {
      await app.storage.delete(key).catch((error) => request.log.warn({ err: error, key }, 'could not delete image file'));
      // Its delivered sizes go with it (a file on this machine; Cloudinary removes its own derived images).
      if (/^[\w.-]+$/.test(key)) await app.mediaVariants.removeByPrefix(variantPrefix('uploads', key));
    }
    return { message: GALLERY_TEXT.deleted };
  });
};

export default galleryRoutes;
