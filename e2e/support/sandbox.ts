import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY_DIR, SANDBOX_URL } from './stack';

/** One email the sandbox's EmailJS stand-in accepted (docs/sandbox.md, "Inbox and test controls"). */
export interface SandboxEmail {
  id: string;
  endpoint: 'send' | 'send-form';
  service_id: string;
  template_id: string;
  user_id: string;
  template_params: Record<string, unknown>;
  received_at: string;
}

/** One image the sandbox's Cloudinary stand-in stored (its bytes are left out of the inbox). */
export interface SandboxUpload {
  public_id: string;
  format: string;
  width: number;
  height: number;
  upload_preset: string;
  original_filename: string;
  secure_url: string;
  created_at: string;
}

async function sandbox<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${SANDBOX_URL}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${method} ${path} failed: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const inboxEmails = () => sandbox<SandboxEmail[]>('GET', '/__inbox/emails');
/** What one of the site's forms sent: the API's own mail (receipts, resets) shares the inbox and may arrive any time. */
export const formEmails = async (templateId: string) => (await inboxEmails()).filter((email) => email.template_id === templateId);
export const inboxUploads = () => sandbox<SandboxUpload[]>('GET', '/__inbox/uploads');

/** Forgets every email, upload and order, so a test reads only what it caused. */
export const clearInbox = () => sandbox<unknown>('DELETE', '/__inbox');

/** The next `count` EmailJS sends of `templateId` are refused with a server error, as a provider outage would. */
export const failNextEmails = (count: number, templateId: string) => sandbox<unknown>('POST', '/__control/emailjs', { failNext: count, templateId });

/**
 * A real 4x4 PNG (one red colour, made with zlib): small enough to inline, yet decodable by sharp on both the sandbox's image
 * host and the API's gallery upload, which re-encode what they receive.
 */
export const PNG_4X4 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4IacBRwzEcQDBAxDhtIruDgAAAABJRU5ErkJggg==',
  'base64',
);

/** The file chooser payload Playwright's setInputFiles takes. */
export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_4X4 });

interface SiteCloudinary {
  cloudName: string;
  uploadPreset: string;
  uploadBaseUrl: string;
}

/** The image host settings this deployment's config.json gives the browser. */
export function siteCloudinary(): SiteCloudinary {
  const config = JSON.parse(readFileSync(path.join(DEPLOY_DIR, 'config.json'), 'utf8')) as { cloudinary: SiteCloudinary };
  return config.cloudinary;
}

/** Where the image host serves this cloud's uploads: `<host>/<cloud>/image/upload/` (docs/sandbox.md). */
export function deliveryPrefix(): string {
  const { uploadBaseUrl, cloudName } = siteCloudinary();
  return `${uploadBaseUrl.replace(/\/+$/, '')}/${cloudName}/image/upload/`;
}
