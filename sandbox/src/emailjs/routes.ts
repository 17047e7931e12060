import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoNow } from '../context';
import { randomId } from '../lib/ids';
import type { EmailRecord } from '../state';
import { sendProblem, type SendFields } from './check-send';

const SDK_FIELDS = new Set(['lib_version', 'service_id', 'template_id', 'user_id', 'accessToken']);

/**
 * EmailJS's REST API: `send` (JSON, what emailjs.send() posts) and `send-form` (multipart, emailjs.sendForm()).
 * Answers are plain text like the real service: 200 "OK" or an error status with a sentence.
 * Mounted at the root and under /emailjs, since the SDK's `origin` may carry a path prefix.
 */
export default async function emailjsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;

  app.setErrorHandler((raw, request, reply) => {
    const status = (raw as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: raw }, 'emailjs stand-in failed');
    const text = status === 400 ? 'The request body is invalid' : status === 413 ? 'The request is too large' : 'Internal Server Error';
    return reply.code(status >= 500 ? 500 : status).type('text/plain; charset=utf-8').send(text);
  });

  function accept(request: FastifyRequest, reply: FastifyReply, fields: SendFields, record: Omit<EmailRecord, keyof SendFields | 'id' | 'received_at'>) {
    void reply.type('text/plain; charset=utf-8');
    const problem = sendProblem(fields, context.options);
    if (problem) return reply.code(400).send(problem);
    // A server-side send proves itself with the private key; a wrong one is refused like EmailJS does.
    const accessToken = (fields as { accessToken?: unknown }).accessToken;
    if (accessToken !== undefined && accessToken !== context.options.emailjsPrivateKey) {
      return reply.code(403).send('The Private Key is invalid. To find this key, visit https://dashboard.emailjs.com/admin/account');
    }
    // The server's templates belong to an account in strict mode: the public key alone (all a page has) cannot send them.
    if (accessToken === undefined && context.options.emailjsStrictTemplates.includes(fields.template_id as string)) {
      return reply.code(403).send('API calls in strict mode, but no private key was passed');
    }
    const failures = context.state.emailFailures;
    if (failures.remaining > 0 && (failures.templateId === undefined || failures.templateId === fields.template_id)) {
      failures.remaining -= 1;
      request.log.info({ status: failures.status }, 'emailjs send failed on purpose');
      return reply.code(failures.status).send(failures.text);
    }
    context.state.emails.push({
      id: randomId(12),
      service_id: fields.service_id as string,
      template_id: fields.template_id as string,
      user_id: fields.user_id as string,
      template_params: (fields.template_params ?? {}) as Record<string, unknown>,
      received_at: isoNow(context),
      ...record,
    });
    return reply.code(200).send('OK');
  }

  for (const prefix of ['', '/emailjs']) {
    app.post(`${prefix}/api/v1.0/email/send`, async (request, reply) => {
      const body = request.body;
      if (typeof body !== 'object' || body === null) return reply.code(400).type('text/plain; charset=utf-8').send('The request body must be JSON');
      const fields = body as SendFields & { lib_version?: unknown };
      return accept(request, reply, fields, {
        endpoint: 'send',
        ...(typeof fields.lib_version === 'string' ? { lib_version: fields.lib_version } : {}),
        attachments: [],
      });
    });

    app.post(`${prefix}/api/v1.0/email/send-form`, async (request, reply) => {
      if (!request.isMultipart()) return reply.code(400).type('text/plain; charset=utf-8').send('The request body must be multipart/form-data');
      const fields: Record<string, string> = {};
      const params: Record<string, string> = {};
      const attachments: EmailRecord['attachments'] = [];
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          attachments.push({ field: part.fieldname, filename: part.filename, bytes: data.length });
        } else if (SDK_FIELDS.has(part.fieldname)) {
          fields[part.fieldname] = String(part.value);
        } else {
          params[part.fieldname] = String(part.value);
        }
      }
      return accept(request, reply, { ...fields, template_params: params }, {
        endpoint: 'send-form',
        ...(fields.lib_version ? { lib_version: fields.lib_version } : {}),
        attachments,
      });
    });
  }
}
