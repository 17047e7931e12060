import type { FastifyReply, FastifyRequest } from 'fastify';
import { headersForPage, type SitePolicy } from '../headers/site-headers';

/** Files that are not pages: nothing may run, load or frame them if one is opened as a document. */
export const ASSET_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** What a response is, for its security headers: a document (`rel` its path in the deploy folder) or another file. */
export interface Served { rel: string; document: boolean; extraStyleHashes?: string[] }

/**
 * Security headers on every response. A document (a page, or the text of an error) gets the site's headers and
 * CSP, with its own inline styles allowed by hash; any other file gets a short policy that lets it do nothing if
 * opened as a document (an SVG, a JSON file), since the page policy (~1 KB) on every script would cost a phone
 * more than it protects. Module files (everything below a module's folder) may be read from another origin; the
 * site's pages and per-environment files may not.
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, site: SitePolicy, { rel, document, extraStyleHashes = [] }: Served): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  if (document) {
    const hashes = [...(site.styleHashes?.[rel] ?? []), ...extraStyleHashes];
    reply.headers(headersForPage(site, hashes));
  } else {
    for (const name of ['Permissions-Policy', 'Cross-Origin-Opener-Policy', 'Referrer-Policy']) reply.removeHeader(name);
    reply.header('Content-Security-Policy', ASSET_POLICY);
    reply.header('X-Frame-Options', 'DENY');
  }
  if (rel.includes('/') && !rel.startsWith('pages/')) reply.header('Access-Control-Allow-Origin', '*');
  // Behind nginx the header is nginx's own decision (the visitor's protocol, also behind a named TLS load
  // balancer: $institute_forwarded_proto). Reached directly (npm start) a client may send it itself, which only
  // gets it HSTS over plain http: browsers ignore that (RFC 6797 8.1).
  const encrypted = 'encrypted' in request.raw.socket && request.raw.socket.encrypted;
  if (encrypted || request.headers['x-forwarded-proto'] === 'https') {
    reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
}
