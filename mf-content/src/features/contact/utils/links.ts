/** Digits (and a leading +) only, which is what tel: and sms: links expect. */
const dial = (phone: string) => phone.replace(/[^\d+]/g, '');

export const telHref = (phone: string) => `tel:${dial(phone)}`;
export const smsHref = (phone: string) => `sms:${dial(phone)}`;
export const mailHref = (email: string) => `mailto:${email}`;
