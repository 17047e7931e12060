import { randomBytes } from 'node:crypto';

const UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = '0123456789abcdefghijklmnopqrstuvwxyz';

export function randomId(length: number, alphabet = UPPER): string {
  const bytes = randomBytes(length);
  let id = '';
  // 256 is not a multiple of 36; the slight bias is irrelevant for test identifiers.
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

export const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** PayPal order and capture ids are 17 upper-case alphanumerics, e.g. 5O190127TN364715T. */
export const paypalId = (): string => randomId(17);

/** Cloudinary's generated public ids are 20 lower-case alphanumerics. */
export const cloudinaryPublicId = (): string => randomId(20, LOWER);

/** PayPal debug ids are short lower-case hex strings quoted to support. */
export const debugId = (): string => hex(7).slice(0, 13);
