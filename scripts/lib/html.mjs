import { createHash } from 'node:crypto';

/** Text for HTML content and attribute values. */
export const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** JSON inside a script element: nothing in it may close the element or open a comment. */
export const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The `sha384-…` of some bytes, as a browser checks it for `integrity` (decision 017). */
export const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
