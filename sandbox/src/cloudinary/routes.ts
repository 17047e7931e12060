import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isoNow } from '../context';
import { cloudinaryPublicId, hex } from '../lib/ids';
import type { UploadRecord } from '../state';
import { CONTENT_TYPES, convertImage, inspectImage } from './images';
import { readUpload } from './read-upload';
import { DiskCache } from '@institute/shared/node';
import { negotiateFormat, renderVariant, variantKey, type OutputFormat } from './delivery';
import { isTransformationSegment, parseTransformations, TransformationError, type Transformation } from './transformations';
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

  // Delivery: /<cloud>/image/upload/[transformations/][v<version>/]<public_id>.<format>, transformations performed.
  const variants = new DiskCache(context.options.variantCacheDir ?? await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-cloudinary-')));
  // A folder of its own making is removed with the instance (its uploads live in memory and die with it too).
  if (!context.options.variantCacheDir) app.addHook('onClose', async () => variants.clear());

  app.get<{ Params: { cloud: string; '*': string } }>('/:cloud/image/upload/*', async (request, reply) => {
    const segments = request.params['*'].split('/').filter(Boolean);
    const last = segments.pop() ?? '';
    const dot = last.lastIndexOf('.');
    const extension = dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
    segments.push(dot > 0 ? last.slice(0, dot) : last);
    let upload: UploadRecord | undefined;
    let start = 0;
    for (; start < segments.length && !upload; start += 1) upload = context.state.uploads.get(segments.slice(start).join('/'));
    const prefix = segments.slice(0, start - 1);
    const versioned = prefix.length > 0 && /^v\d+$/.test(prefix[prefix.length - 1]!);
    if (versioned) prefix.pop();
    const notFound = () => reply.code(404).header('x-cld-error', `Resource not found - ${segments.join('/')}`).type('text/plain').send('Resource not found');
    if (request.params.cloud !== cloud || !upload || prefix.some((segment) => !isTransformationSegment(segment))) return notFound();
    let transformation: Transformation;
    try {
      transformation = parseTransformations(prefix);
    } catch (error) {
      if (!(error instanceof TransformationError)) throw error;
      return reply.code(400).header('x-cld-error', error.message).type('text/plain').send(error.message);
    }
    const explicit = transformation.format && transformation.format !== 'auto' ? transformation.format : extension || upload.format;
    const format = transformation.format === 'auto' ? negotiateFormat(request.headers.accept, upload) : explicit;
    if (!CONTENT_TYPES[format]) return notFound();
    const untouched = prefix.length === 0 && format === upload.format;
    reply
      .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=2592000')
      .header('cross-origin-resource-policy', 'cross-origin');
    if (transformation.format === 'auto') reply.header('vary', 'Accept');
    if (untouched) return reply.type(CONTENT_TYPES[format]!).send(upload.data);
    const output = format as OutputFormat | 'gif';
    const { data, hit } = output === 'gif'
      ? { data: await convertImage(upload.data, 'gif'), hit: false }
      : await variants.get(variantKey(upload, transformation, output), () => renderVariant(upload, transformation, output));
    return reply.type(CONTENT_TYPES[format]!).header('x-cache', hit ? 'HIT' : 'MISS').send(data);
  });
}
