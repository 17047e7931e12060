import { DEV } from '@institute/shared/defaults';
import type { CloudinaryConfig } from './cloudinary-storage';

/** The variables it reads (declared in EnvSchema as text). */
type Env = Partial<Record<'UPLOAD_STORE' | `CLOUDINARY_${'UPLOAD_BASE_URL' | 'CLOUD_NAME' | 'API_KEY' | 'API_SECRET' | 'FOLDER'}`, string>>;

/** Where gallery uploads are kept: this machine's disk (the one-machine default, decision 006) or Cloudinary. */
export type UploadStoreConfig = { kind: 'local' } | ({ kind: 'cloudinary' } & CloudinaryConfig);

/** The sandbox's account (docs/sandbox.md), so UPLOAD_STORE=cloudinary works in development with no keys. */
export const SANDBOX_CLOUDINARY = {
  uploadBaseUrl: `http://127.0.0.1:${DEV.ports.sandbox}`,
  cloudName: DEV.sandbox.cloudinaryCloudName,
  apiKey: DEV.sandbox.cloudinaryApiKey,
  apiSecret: DEV.sandbox.cloudinaryApiSecret,
} as const;

/**
 * UPLOAD_STORE=local|cloudinary (default local). More than one API machine needs cloudinary: a file on one
 * machine's disk is a 404 on the others. Production must name its own account; the sandbox's keys are public.
 */
export function uploadStoreConfig(env: Env, production: boolean, fail: (message: string) => Error): UploadStoreConfig {
  const kind = (env.UPLOAD_STORE || 'local').trim().toLowerCase();
  if (kind === 'local') return { kind };
  if (kind !== 'cloudinary') throw fail(`UPLOAD_STORE must be local or cloudinary (got "${env.UPLOAD_STORE}").`);
  const uploadBaseUrl = (env.CLOUDINARY_UPLOAD_BASE_URL || (production ? 'https://api.cloudinary.com' : SANDBOX_CLOUDINARY.uploadBaseUrl)).replace(/\/+$/, '');
  const config: CloudinaryConfig = {
    uploadBaseUrl,
    cloudName: env.CLOUDINARY_CLOUD_NAME || SANDBOX_CLOUDINARY.cloudName,
    apiKey: env.CLOUDINARY_API_KEY || SANDBOX_CLOUDINARY.apiKey,
    apiSecret: env.CLOUDINARY_API_SECRET || SANDBOX_CLOUDINARY.apiSecret,
    folder: env.CLOUDINARY_FOLDER || 'institute-gallery',
    timeoutMs: 15_000,
  };
  if (!/^https?:\/\/[^/]+/.test(uploadBaseUrl)) throw fail(`CLOUDINARY_UPLOAD_BASE_URL must be an absolute http(s) URL (got "${uploadBaseUrl}").`);
  if (!/^[\w-]+$/.test(config.cloudName) || !/^[\w-]+$/.test(config.folder)) throw fail('CLOUDINARY_CLOUD_NAME and CLOUDINARY_FOLDER may hold letters, digits, _ and - only.');
  if (production) {
    if (!uploadBaseUrl.startsWith('https://')) throw fail(`CLOUDINARY_UPLOAD_BASE_URL must use https in production (got "${uploadBaseUrl}").`);
    if (config.apiSecret === SANDBOX_CLOUDINARY.apiSecret || config.apiKey === SANDBOX_CLOUDINARY.apiKey || !env.CLOUDINARY_CLOUD_NAME) {
      throw fail('UPLOAD_STORE=cloudinary in production needs CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY and CLOUDINARY_API_SECRET of your account.');
    }
  }
  return { kind: 'cloudinary', ...config };
}
