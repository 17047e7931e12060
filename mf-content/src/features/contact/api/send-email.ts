import { init, send } from '@emailjs/browser';
import { getConfig } from '@institute/shared/config';

export type TemplateParams = Record<string, string>;

/**
 * Sends one message straight to EmailJS (never through our API, as the spec says). The origin comes
 * from config so development and tests reach the local sandbox; EmailJS appends its own path to it.
 */
export type EmailTemplate = 'contact' | 'appointment';

/**
 * `template` picks the EmailJS template: appointment requests use `appointmentTemplateId` (its own wording and
 * recipients), falling back to the contact template where a deployment has configured only that one.
 */
export async function sendEmail(params: TemplateParams, template: EmailTemplate = 'contact'): Promise<void> {
  const settings = getConfig().emailjs;
  if (!settings?.publicKey || !settings.serviceId || !settings.templateId) {
    throw new Error('EmailJS is not configured: config.json needs emailjs.publicKey, serviceId and templateId.');
  }
  const origin = (settings.origin || settings.apiBaseUrl)?.replace(/\/+$/, '');
  // init is cheap and global; calling it per send keeps it in step with the config that is loaded now.
  init(origin ? { publicKey: settings.publicKey, origin } : { publicKey: settings.publicKey });
  const templateId = template === 'appointment' ? settings.appointmentTemplateId || settings.templateId : settings.templateId;
  await send(settings.serviceId, templateId, params);
}
