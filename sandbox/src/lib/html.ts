import escape from 'escape-html';
import type { FastifyReply } from 'fastify';

/** Text for the sandbox's pages (content and attribute values); nothing for null or undefined. */
export const escapeHtml = (value: unknown): string => escape(String(value ?? ''));

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1f2933;background:#f5f7fa}
main{max-width:960px;margin:0 auto;padding:24px}h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:32px}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #d9e2ec;padding:6px 8px;text-align:left;vertical-align:top;font-size:.9rem}
.card{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:24px;max-width:420px;margin:48px auto}
button{font:inherit;padding:10px 18px;border-radius:6px;border:1px solid #1f4e8c;cursor:pointer;margin:4px 8px 4px 0}
button.primary{background:#1f4e8c;color:#fff}button:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.note{color:#52606d;font-size:.85rem}pre{white-space:pre-wrap;margin:0;font-size:.8rem}`;

/** Sends a small self-contained page: no scripts, inline styles only, forms may post anywhere. */
export function sendPage(reply: FastifyReply, title: string, body: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`);
}
