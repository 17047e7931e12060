import type { EmailConfig } from '../config';

/** What one send needs: the template parameters; the account, service and template come from config. */
export type TemplateParams = Record<string, string>;

/**
 * A send EmailJS refused or that never got an answer. `permanent`: sending the same request again cannot help
 * (400 bad parameters, 403 key refused, 404 account, 412 service misconfigured); everything else is retried.
 */
export class EmailSendError extends Error {
  override name = 'EmailSendError';
  constructor(message: string, readonly permanent: boolean) {
    super(message);
  }
}

const PERMANENT = new Set([400, 401, 403, 404, 412, 422]);

/** POST {apiBase}/api/v1.0/email/send, EmailJS's REST API, server-side: the private key goes as accessToken. */
export async function sendWithEmailJs(config: EmailConfig, params: TemplateParams): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/api/v1.0/email/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        service_id: config.serviceId,
        template_id: config.templateId,
        user_id: config.publicKey,
        // The account template lives in an EmailJS account in strict mode: without the key, EmailJS refuses (403).
        ...(config.privateKey ? { accessToken: config.privateKey } : {}),
        template_params: params,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new EmailSendError(`EmailJS could not be reached: ${(error as Error).message}`, false);
  }
  if (response.ok) return;
  const text = (await response.text().catch(() => '')).slice(0, 300);
  throw new EmailSendError(`EmailJS answered ${response.status}: ${text}`, PERMANENT.has(response.status));
}
