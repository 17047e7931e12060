import { parsePhoneNumberFromString } from 'libphonenumber-js';

export const CONTACT_TEXT = {
  legalName: 'Enter your legal name as it should appear on certificates and receipts: 2 to 100 letters, spaces, hyphens, apostrophes or periods.',
  phone: 'Enter a valid phone number, with its country code (+44 …) when it is not a US number.',
  saved: 'Your contact details were saved.',
} as const;

/** The institute is in the US: a number typed without a country code is read as a US number. */
const DEFAULT_COUNTRY = 'US';
/** Letters of any script and the marks that join them, with the separators names use (O'Neil, Smith-Jones, Jr.). */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]*[\p{L}\p{M}.]$/u;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Trimmed, inner runs of spaces made one; empty is "not given" (null). */
export function checkLegalName(input: string): Checked<string | null> {
  const name = input.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: true, value: null };
  if (name.length < 2 || name.length > 100 || !NAME.test(name)) return { ok: false, message: CONTACT_TEXT.legalName };
  return { ok: true, value: name };
}

/** Stored in E.164 (+12125550182), whatever the student typed; empty is "not given" (null). */
export function checkPhone(input: string): Checked<string | null> {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  const phone = text.length <= 40 ? parsePhoneNumberFromString(text, DEFAULT_COUNTRY) : undefined;
  if (!phone || !phone.isValid()) return { ok: false, message: CONTACT_TEXT.phone };
  return { ok: true, value: phone.number };
}
