import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isoNow } from '../context';
import { cloudinaryPublicId, hex } from '../lib/ids';
import type { UploadRecord } from '../state';
import { CONTENT_TYPES, convertImage, inspectImage } from './images';
import { readUpload } from './read-upload';
import { signedRequestProblem } from './signature';

type UploadParams = { Params: { cloud: string; resourceType: string } };

const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ error: { message } });

const PUBLIC_ID = /^[\w-]+(?:\/[\w-]+)*$/;

/**
 * Cloudinary's upload API: unsigned (multipart `file` + `upload_preset`, from browsers) or signed (`api_key`,
 * `timestamp`, `signature`, from a server), answering UploadApiResponse JSON; and the signed `destroy`.
 */
export default async function cloudinaryRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;
  const { cloudinaryCloudName: cloud, cloudinaryUploadPresets: presets, maxUploadBytes, cloudinaryApiKey, cloudinaryApiSecret } = context.options;
  const signatureProblem = (fields: Record<string, string>) =>
    signedRequestProblem(fields, cloudinaryApiKey, cloudinaryApiSecret, Math.floor(context.now().getTime() / 1000));

  app.setErrorHandler((raw, request, reply) => {
    const status = (raw as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: raw }, 'cloudinary stand-in failed');
    return fail(reply, status >= 500 ? 500 : 400, status >= 500 ? 'General error' : (raw as Error).message);
  });

  app.post<UploadParams>('/v1_1/:cloud/:resourceType/upload', async (request, reply) => {
    if (request.params.cloud !== cloud) return fail(reply, 401, `Invalid cloud_name ${request.params.cloud}`);
    if (!['image', 'auto'].includes(request.params.resourceType)) {
      return fail(reply, 400, `The sandbox only stores images; resource type "${request.params.resourceType}" is not supported`);
    }
    if (!request.isMultipart()) return fail(reply, 400, 'Upload preset must be specified when using unsigned upload');
    const form = await readUpload(request, maxUploadBytes);
    const preset = form.fields.upload_preset ?? '';
    if (form.fields.signature !== undefined) {
      const problem = signatureProblem(form.fields);
      if (problem) return fail(reply, 401, problem);
    } else {
      if (!preset) return fail(reply, 400, 'Upload preset must be specified when using unsigned upload');
      if (!presets.includes(preset)) return fail(reply, 400, 'Upload preset not found');
    }
    if (form.unsupportedFile !== undefined) return fail(reply, 400, 'The sandbox accepts file uploads and data URIs only; it cannot fetch remote URLs');
    if (!form.file || form.file.size === 0) return fail(reply, 400, 'Missing required parameter - file');
    if (form.file.size > maxUploadBytes) return fail(reply, 400, `File size too large. Got ${form.file.size}. Maximum is ${maxUploadBytes}.`);
    const info = await inspectImage(form.file.data);
    if (!info) return fail(reply, 400, 'Invalid image file');

    const requested = [form.fields.folder, form.fields.public_id].filter(Boolean).join('/');
    if (requested && !PUBLIC_ID.test(requested)) return fail(reply, 400, `Invalid public_id ${requested}`);
    const publicId = requested || cloudinaryPublicId();
    const now = context.now();
    const version = Math.floor(now.getTime() / 1000);
    const url = `${context.baseUrl()}/${cloud}/image/upload/v${version}/${publicId}.${info.format}`;
    const record: UploadRecord = {
      public_id: publicId, version, format: info.format, width: info.width, height: info.height, bytes: form.file.size,
      original_filename: form.file.filename.replace(/\.[^.]*$/, '') || 'file', upload_preset: preset,
      secure_url: url, created_at: isoNow(context), data: form.file.data,
    };
    context.state.uploads.set(publicId, record);
    return {
      asset_id: hex(16), public_id: publicId, version, version_id: hex(16),
      signature: createHash('sha1').update(form.file.data).digest('hex'),
      width: info.width, height: info.height, format: info.format, resource_type: 'image', created_at: record.created_at,
      tags: form.fields.tags ? form.fields.tags.split(',').map((t) => t.trim()) : [], pages: 1, bytes: record.bytes,
      type: 'upload', etag: createHash('md5').update(form.file.data).digest('hex'), placeholder: false,
      url, secure_url: url, folder: form.fields.folder ?? '', access_mode: 'public',
      original_filename: record.original_filename,
    };
  });

  // Signed only, as at Cloudinary: `public_id`, `api_key`, `timestamp`, `signature` -> {"result":"ok"|"not found"}.
  app.post<UploadParams>('/v1_1/:cloud/:resourceType/destroy', async (request, reply) => {
    if (request.params.cloud !== cloud) return fail(reply, 401, `Invalid cloud_name ${request.params.cloud}`);
    if (!request.isMultipart()) return fail(reply, 400, 'Missing required parameter - public_id');
    const { fields } = await readUpload(request, 0);
    if (!fields.public_id) return fail(reply, 400, 'Missing required parameter - public_id');
    const problem = signatureProblem(fields);
    if (problem) return fail(reply, 401, problem);
    return { result: context.state.uploads.delete(fields.public_id) ? 'ok' : 'not found' };
  });

  // Delivery: /<cloud>/image/upload/[transformations/][v<version>/]<public_id>.<format>; transformations are ignored.
  app.get<{ Params: { cloud: string; '*': string } }>('/:cloud/image/upload/*', async (request, reply) => {
    const segments = request.params['*'].split('/').filter(Boolean);
    const last = segments.pop() ?? '';
    const dot = last.lastIndexOf('.');
    const format = dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
    segments.push(dot > 0 ? last.slice(0, dot) : last);
    let upload: UploadRecord | undefined;
    for (let start = 0; start < segments.length && !upload; start += 1) {
      upload = context.state.uploads.get(segments.slice(start).join('/'));
    }
    const wanted = format || upload?.format || '';
    if (request.params.cloud !== cloud || !upload || !CONTENT_TYPES[wanted]) {
      return reply.code(404).header('x-cld-error', `Resource not found - ${segments.join('/')}`).type('text/plain').send('Resource not found');
    }
    const data = wanted === upload.format ? upload.data : await convertImage(upload.data, wanted);
    return reply
      .type(CONTENT_TYPES[wanted]!)
      .header('cache-control', 'public, max-age=2592000')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(data);
  });
}
