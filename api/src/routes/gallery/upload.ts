import type { FastifyRequest } from 'fastify';
import { controlCharacterMessage, hasControlCharacters } from '../../lib/control-characters';
import { badRequest, unsupportedMedia } from '../../lib/http-errors';
import { plainText } from '../../lib/sanitize';
import { fieldLabel } from '../../lib/validation-message';

export interface GalleryUpload {
  title: string;
  description: string;
  image: Buffer;
}

const TEXT_LIMITS = { title: 200, description: 2_000 } as const;
type TextField = keyof typeof TEXT_LIMITS;

/** Reads the multipart form (fields `image`, `title`, `description`); every part is required. */
export async function readGalleryUpload(request: FastifyRequest): Promise<GalleryUpload> {
  if (!request.isMultipart()) throw unsupportedMedia('Unsupported content type. Send multipart/form-data.');
  const text: Partial<Record<TextField, string>> = {};
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image') throw badRequest(`Unknown file field "${part.fieldname}"; the image goes in "image".`);
      // Throws the 413 error as soon as the stream passes the size limit.
      image = await part.toBuffer();
    } else if (part.fieldname === 'title' || part.fieldname === 'description') {
      const value = typeof part.value === 'string' ? part.value : '';
      if (hasControlCharacters(value, part.fieldname === 'description')) throw badRequest(controlCharacterMessage(part.fieldname));
      text[part.fieldname] = value;
    } else {
      throw badRequest(`Unknown field "${part.fieldname}".`);
    }
  }
  const clean = {} as Record<TextField, string>;
  for (const field of Object.keys(TEXT_LIMITS) as TextField[]) {
    const value = plainText(text[field] ?? '');
    if (value === '') throw badRequest(`${fieldLabel(field)} is required.`);
    if (value.length > TEXT_LIMITS[field]) throw badRequest(`${fieldLabel(field)} must be at most ${TEXT_LIMITS[field]} characters long.`);
    clean[field] = value;
  }
  if (!image || image.length === 0) throw badRequest('Image is required.');
  return { ...clean, image };
}
