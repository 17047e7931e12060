import { createHash } from 'node:crypto';
import escape from 'escape-html';

/** Text for HTML content and attribute values (`& < > " '`). */
export const escapeHtml = (value: unknown): string => escape(String(value));

/** JSON inside a script element: nothing in it may close the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The `sha384-…` of some bytes, as a browser checks it for `integrity` (decision 017). */
export const sha384 = (bytes: Buffer | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** `'sha256-…'` of an inline element's text, as CSP hashes it. */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
