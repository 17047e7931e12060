import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, isImageWidth } from '@institute/shared/rules';
import type { AppConfig } from '../../config';
import { badRequest, notFound } from '../../lib/http-errors';
import { renderVariant, VARIANT_TYPES, variantFormat } from '../../lib/image-variants';
import type { RoutePlugin } from '../../lib/type-provider';
import { variantKey } from '../../plugins/app/media';

type MediaParams = { Params: { folder: 'seed' | 'uploads'; file: string }; Querystring: { w?: string } };

const FILE = /^[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;
const RASTER = /\.(webp|png|jpe?g|gif|avif)$/;

// Names are random (uploads) or versioned with the repo (seed), so a cached copy never goes stale.
const headers = (reply: FastifyReply) => reply
  .header('cache-control', 'public, max-age=31536000, immutable')
  // Pages on the site's origin embed these images; helmet's defaults would block that.
  .header('cross-origin-resource-policy', 'cross-origin')
  .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");

/**
 * /media/seed/<file> and /media/uploads/<file>. A raster image is never sent as stored: it goes out at one of
 * IMAGE_WIDTHS (?w=, default DEFAULT_IMAGE_WIDTH) in AVIF or WebP as the Accept header allows, rendered once and
 * kept on disk (decision 028). The seed's SVG illustrations go out as they are (vector, a few KB).
 */
const mediaRoutes: RoutePlugin<{ config: AppConfig }> = async (app, { config }) => {
  const roots = { seed: config.seedMediaDir, uploads: config.uploadsDir };

  app.get<MediaParams>('/media/:folder/:file', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const { folder, file } = request.params;
    if ((folder !== 'seed' && folder !== 'uploads') || !FILE.test(file)) throw notFound('Image not found.');
    const source = path.join(roots[folder], file);
    if (file.endsWith('.svg') && folder === 'seed') {
      const data = await fs.readFile(source).catch(() => null);
      if (!data) throw notFound('Image not found.');
      return headers(reply).type('image/svg+xml').send(data);
    }
    if (!RASTER.test(file)) throw notFound('Image not found.');
    const asked = request.query.w === undefined ? DEFAULT_IMAGE_WIDTH : Number(request.query.w);
    if (!isImageWidth(asked)) throw badRequest(`w must be one of ${IMAGE_WIDTHS.join(', ')}.`);
    const format = variantFormat(request.headers.accept);
    const key = variantKey(folder, file, asked, format);
    const { data, hit } = await app.mediaVariants.get(key, async () => {
      const original = await fs.readFile(source).catch(() => null);
      if (!original) throw notFound('Image not found.');
      return renderVariant(original, asked, format);
    });
    return headers(reply).header('vary', 'Accept').header('x-cache', hit ? 'HIT' : 'MISS').type(VARIANT_TYPES[format]).send(data);
  });
};

export default mediaRoutes;
