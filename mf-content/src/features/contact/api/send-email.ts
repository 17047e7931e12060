import { init, send } from '@emailjs/browser';
import { getConfig } from '@institute/shared/config';

export type TemplateParams = Record<string, string>;

/**
 * Sends one message straight to EmailJS (never through our API, as the spec says). The origin comes
 * from config so development and tests reach the local sandbox; EmailJS appends its own path to it.
 */
export async function sendEmail(params: TemplateParams): Promise<void> {
  const settings = getConfig().emailjs;
  if (!settings?.publicKey || !settings.serviceId || !settings.templateId) {
    throw new Error('EmailJS is not configured: config.json needs emailjs.publicKey, serviceId and templateId.');
  }
  const origin = (settings.origin || settings.apiBaseUrl)?.replace(/\/+$/, '');
  // init is cheap and global; calling it per send keeps it in step with the config that is loaded now.
  init(origin ? { publicKey: settings.publicKey, origin } : { publicKey: settings.publicKey });
  await send(settings.serviceId, settings.templateId, params);
}
