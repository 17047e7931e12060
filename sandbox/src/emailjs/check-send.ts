import type { ResolvedOptions } from '../options';

export interface SendFields {
  service_id?: unknown;
  template_id?: unknown;
  user_id?: unknown;
  template_params?: unknown;
}

/** The errors EmailJS answers (HTTP 400, plain text), in the order it checks; null when the send is acceptable. */
export function sendProblem(fields: SendFields, options: ResolvedOptions): string | null {
  for (const key of ['user_id', 'service_id', 'template_id'] as const) {
    if (typeof fields[key] !== 'string' || !fields[key]) return `The ${key} parameter is required`;
  }
  if (fields.user_id !== options.emailjsPublicKey) {
    return 'The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account';
  }
  if (fields.service_id !== options.emailjsServiceId) {
    return 'The service ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin';
  }
  if (!options.emailjsTemplates.includes(fields.template_id as string)) {
    return 'The template ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/templates';
  }
  const params = fields.template_params;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return 'The template_params parameter must be an object';
  }
  return null;
}
