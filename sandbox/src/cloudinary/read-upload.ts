import type { FastifyRequest } from 'fastify';
import { decodeDataUri } from './images';

export interface UploadForm {
  fields: Record<string, string>;
  file?: { data: Buffer; filename: string; size: number };
  /** The `file` field was text that is not a data URI (Cloudinary would fetch a URL; the sandbox cannot). */
  unsupportedFile?: string;
}

/** Reads the multipart form, keeping at most `maxBytes` of the file while still counting its full size. */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  const form: UploadForm = { fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      }
      if (part.fieldname === 'file') form.file = { data: Buffer.concat(chunks), filename: part.filename, size };
    } else if (part.fieldname === 'file') {
      const data = decodeDataUri(String(part.value));
      if (data) form.file = { data, filename: 'file', size: data.length };
      else form.unsupportedFile = String(part.value).slice(0, 100);
    } else {
      form.fields[part.fieldname] = String(part.value);
    }
  }
  return form;
}
