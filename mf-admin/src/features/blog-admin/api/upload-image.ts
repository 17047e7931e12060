import { getConfig } from '@institute/shared/config';

/** A failed image upload; `detail` is the image host's own explanation when it gave one. */
export class ImageUploadError extends Error {
  constructor(readonly detail?: string) {
    super(detail ? `Image upload failed: ${detail}` : 'Image upload failed. Please try again.');
    this.name = 'ImageUploadError';
  }
}

/** Unsigned upload to the image host (Cloudinary's wire protocol); resolves to the image's https address. */
export async function uploadImage(file: File): Promise<string> {
  const settings = getConfig().cloudinary;
  if (!settings) throw new ImageUploadError('image hosting is not configured');
  const base = (settings.uploadBaseUrl ?? 'https://api.cloudinary.com').replace(/\/$/, '');
  const form = new FormData();
  form.append('file', file);
  form.append('upload_preset', settings.uploadPreset);
  let response: Response;
  try {
    response = await fetch(`${base}/v1_1/${encodeURIComponent(settings.cloudName)}/image/upload`, { method: 'POST', body: form });
  } catch {
    throw new ImageUploadError();
  }
  const data = (await response.json().catch(() => ({}))) as { secure_url?: unknown; error?: { message?: unknown } };
  if (!response.ok || typeof data.secure_url !== 'string') {
    throw new ImageUploadError(typeof data.error?.message === 'string' ? data.error.message : undefined);
  }
  return data.secure_url;
}
