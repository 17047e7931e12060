import { getConfig } from '@institute/shared/config';

export const DEFAULT_UPLOAD_BASE_URL = 'https://api.cloudinary.com';

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
  // Checked before sending: without a cloud name or preset the host can only refuse.
  if (!settings?.cloudName || !settings.uploadPreset) throw new ImageUploadError('image hosting is not configured');
  // An empty uploadBaseUrl in config.json means "not set", like a missing one.
  const base = (settings.uploadBaseUrl || DEFAULT_UPLOAD_BASE_URL).replace(/\/+$/, '');
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
