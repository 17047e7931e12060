import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readRegistry } from '../deploy-folder';
import { escapeHtml } from '../html';
import { verifyPreview } from './preview-token';
import { readRollout } from './rollout-file';
import { checkPreview, PREVIEW_MESSAGES, selectVersions, type Selection } from './selection';

/** A random id, nothing else: which hundredth of visitors this browser is, so a canary stays with it. */
export const VISITOR_COOKIE = 'site_visitor';
/** The signed preview links this browser opened (one per module), `~`-separated. */
export const PREVIEW_COOKIE = 'site_preview';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_MAX_AGE_S = 180 * 24 * 60 * 60;
const MAX_PREVIEWS = 8;

const isHttps = (request: FastifyRequest) => ('encrypted' in request.raw.socket && !!request.raw.socket.encrypted) || request.headers['x-forwarded-proto'] === 'https';
const cookieOptions = (request: FastifyRequest, maxAge: number) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: isHttps(request), maxAge });

const previewTokens = (request: FastifyRequest) => (request.cookies[PREVIEW_COOKIE] ?? '').split('~').filter(Boolean).slice(0, MAX_PREVIEWS);

function setPreviews(request: FastifyRequest, reply: FastifyReply, tokens: string[], secret: string | undefined) {
  if (!tokens.length) return reply.clearCookie(PREVIEW_COOKIE, { path: '/' });
  const expires = Math.max(...tokens.map((t) => { const v = secret ? verifyPreview(t, secret) : null; return v && 'claim' in v ? v.claim.expires : 0; }));
  return reply.setCookie(PREVIEW_COOKIE, tokens.join('~'), cookieOptions(request, Math.max(1, Math.ceil((expires - Date.now()) / 1000))));
}

/**
 * The versions this visitor runs (decision 039). Gives a visitor an id when a canary runs and it has none, and drops
 * preview links that no longer hold from its cookie. The page and its remotes.json agree, since both read the cookie.
 */
export function visitorSelection(root: string, request: FastifyRequest, reply: FastifyReply, secret: string | undefined): Selection {
  const rollout = readRollout(root);
  let visitorId = request.cookies[VISITOR_COOKIE];
  if (!visitorId || !VISITOR_ID.test(visitorId)) visitorId = undefined;
  if (!visitorId && Object.keys(rollout.canaries).length) {
    visitorId = randomBytes(16).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, visitorId, cookieOptions(request, VISITOR_MAX_AGE_S));
  }
  const tokens = previewTokens(request);
  const selection = selectVersions(root, { registry: readRegistry(root), rollout, visitorId, previewTokens: tokens, secret });
  if (selection.previews.length !== tokens.length) setPreviews(request, reply, selection.previews, secret);
  return selection;
}

/** The registry as this visitor's browser reads it: the chosen versions, why, and any preview that was refused. */
export function visitorRegistry(selection: Selection) {
  const why = Object.fromEntries(Object.entries(selection.choices).map(([remote, c]) => [remote, c.why]));
  return { ...selection.registry, selection: why, notices: selection.notices, ...(selection.canaryRunning ? { fieldEvents: 'on' } : {}) };
}

/** A short page saying why a preview link was refused, with the way back to the live site. */
const refusalPage = (message: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>Preview refused</title></head><body><main><h1>Preview refused</h1><p role="alert">${escapeHtml(message)}</p>` +
  `<p><a href="/versions">See which versions this browser runs</a></p></main></body></html>\n`;

/**
 * `/preview?token=…`: a signed link made by `npm run preview`. A link that holds is kept in this browser's cookie
 * (replacing an earlier preview of the same module) and the browser goes to /versions; a refused one gets the reason
 * and changes nothing: the browser keeps the live version.
 */
export function openPreview(root: string, request: FastifyRequest, reply: FastifyReply, secret: string | undefined) {
  const token = typeof (request.query as Record<string, unknown>).token === 'string' ? String((request.query as Record<string, string>).token) : '';
  const checked = checkPreview(root, readRegistry(root), token, secret);
  reply.header('Cache-Control', 'no-store');
  if ('problem' in checked) {
    return reply.code(400).header('Content-Type', 'text/html; charset=utf-8').send(refusalPage(PREVIEW_MESSAGES[checked.problem]));
  }
  const others = previewTokens(request).filter((t) => {
    const v = secret ? verifyPreview(t, secret) : null;
    return v && 'claim' in v && v.claim.remote !== checked.claim.remote;
  });
  setPreviews(request, reply, [token, ...others].slice(0, MAX_PREVIEWS), secret);
  return reply.code(303).header('Location', '/versions').send();
}
