import { createHash, randomUUID } from 'node:crypto';
import type { FileStorage } from './file-storage';
import { badGateway } from './http-errors';

export interface CloudinaryConfig {
  /** https://api.cloudinary.com in production; the provider sandbox in development and tests. */
  uploadBaseUrl: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** Every gallery upload's public id starts with this folder; only ids in it are ever destroyed. */
  folder: string;
  timeoutMs: number;
}

const UNSIGNED = new Set(['file', 'api_key', 'signature', 'resource_type', 'cloud_name']);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Cloudinary's request signature: SHA-1 hex of the signed parameters, sorted, `k=v` joined by `&`, then the secret. */
export function cloudinarySignature(params: Record<string, string>, apiSecret: string): string {
  const signed = Object.keys(params)
    .filter((name) => !UNSIGNED.has(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('sha1').update(signed + apiSecret).digest('hex');
}

export class CloudinaryError extends Error {
  override name = 'CloudinaryError';
}

/**
 * Gallery images at Cloudinary (decision 019): the API re-encodes the image as before (decision 006), then uploads
 * it with a server-side signed request (the secret never reaches a browser) under `<folder>/<uuid>`. The key is the
 * delivery URL Cloudinary answers with, which is what the gallery stores and every instance serves alike.
 */
export function cloudinaryStorage(config: CloudinaryConfig): FileStorage {
  const api = `${config.uploadBaseUrl}/v1_1/${encodeURIComponent(config.cloudName)}/image`;
  const ours = new RegExp(`^/${config.cloudName.replace(/[^\w-]/g, '')}/image/upload/(?:v\\d+/)?(${config.folder}/${UUID})\\.webp$`);

  const publicIdOf = (key: string): string | null => {
    try {
      const url = new URL(key);
      return url.protocol === 'https:' || url.protocol === 'http:' ? (ours.exec(url.pathname)?.[1] ?? null) : null;
    } catch {
      return null;
    }
  };

  const call = async (action: 'upload' | 'destroy', params: Record<string, string>, file?: Buffer) => {
    const fields = { ...params, timestamp: String(Math.floor(Date.now() / 1000)) };
    const form = new FormData();
    if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'image/webp' }), 'image.webp');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('api_key', config.apiKey);
    form.append('signature', cloudinarySignature(fields, config.apiSecret));
    const response = await fetch(`${api}/${action}`, { method: 'POST', body: form, signal: AbortSignal.timeout(config.timeoutMs) });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !body) {
      const message = (body?.error as { message?: string } | undefined)?.message ?? `HTTP ${response.status}`;
      throw new CloudinaryError(`Cloudinary ${action} failed: ${message}`);
    }
    return body;
  };

  return {
    async put(data) {
      const publicId = `${config.folder}/${randomUUID()}`;
      try {
        const body = await call('upload', { public_id: publicId }, data);
        const url = typeof body.secure_url === 'string' ? body.secure_url : '';
        if (publicIdOf(url) !== publicId) throw new CloudinaryError(`Cloudinary answered an unexpected URL "${url}" for ${publicId}.`);
        return url;
      } catch (error) {
        // The admin learns the image host failed (502), not why; the cause stays in the server's log.
        throw Object.assign(badGateway('The image host did not store the image. Please try again.'), { cause: error });
      }
    },
    async delete(key) {
      const publicId = publicIdOf(key);
      if (!publicId) throw new Error(`Not a gallery image at Cloudinary: "${key}"`);
      const body = await call('destroy', { public_id: publicId });
      // "not found" is a delete that already happened (a retry, or a delete through another instance).
      if (body.result !== 'ok' && body.result !== 'not found') throw new CloudinaryError(`Cloudinary destroy answered ${String(body.result)}.`);
    },
    url: (key) => key,
    keyOf: (storedPath) => (publicIdOf(storedPath) ? storedPath : null),
  };
}
