// The site server's development layer (decision 038): module overrides per browser, the modules `npm run dev`
// serves from source, and the shell's page from its dev server. Never created in production.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readRegistry } from '../deploy-folder';
import type { CspDirectives } from '../headers/csp';
import {
  OVERRIDES_PATH, applyOverrides, directivesWithOrigins, overrideOrigins, overridesBanner, overridesCookie,
  overridesPage, parseOverride, readOverrides, safeReturn, withBanner, withoutPreloadsOf, type Overrides,
} from './module-overrides';

export interface DevelopmentOptions {
  /** Modules `npm run dev` serves from source: federation name -> their dev server's manifest URL. */
  fromSource?: Overrides;
  /** The shell's dev server, when the shell runs from source: every route's page comes from it. */
  shellDevUrl?: string | null;
}

/** What one request's browser runs beyond the live registry, and what its page must allow. */
export interface DevContext { overrides: Overrides; problems: string[]; replaced: Overrides; origins: string[] }

const FORM_LIMIT = 16 * 1024;

/**
 * A form posted from another site must not change what this browser runs (it could point a module at any code):
 * browsers send Origin on every POST, and Sec-Fetch-Site where they know it.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  return !origin || origin === `http://${request.headers.host}` || origin === `https://${request.headers.host}`;
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).send(html);

export type DevLayer = ReturnType<typeof createDevLayer>;

export function createDevLayer(root: string, { fromSource = new Map(), shellDevUrl = null }: DevelopmentOptions = {}) {
  const devOrigins = overrideOrigins([...fromSource.values(), ...(shellDevUrl ? [shellDevUrl] : [])]);
  const banner = (ctx: DevContext, returnTo: string) =>
    overridesBanner({ overrides: ctx.overrides, problems: ctx.problems, fromSource }, returnTo);

  function context(request: FastifyRequest): DevContext {
    const { overrides, problems } = readOverrides(request.headers.cookie);
    const origins = [...new Set([...devOrigins, ...overrideOrigins(overrides.values())])];
    return { overrides, problems, replaced: new Map([...fromSource, ...overrides]), origins };
  }

  /**
   * `/__overrides` (the page and its forms). `contextOf` gives the request's context.
   */
  function routes(app: FastifyInstance, contextOf: (request: FastifyRequest) => DevContext) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      done(null, new URLSearchParams(String(body)));
    });
    const state = (ctx: DevContext) => ({ registry: readRegistry(root), overrides: ctx.overrides, problems: ctx.problems, fromSource });

    app.get(OVERRIDES_PATH, (request, reply) => {
      const query = new URL(request.url, 'http://site').searchParams;
      return sendHtml(reply, 200, overridesPage({ ...state(contextOf(request)), prefill: { module: query.get('module'), url: query.get('url') } }));
    });
    app.post(OVERRIDES_PATH, (request, reply) => {
      const ctx = contextOf(request);
      if (!sameOrigin(request)) return sendHtml(reply, 403, overridesPage({ ...state(ctx), message: 'Overrides can only be changed from this site.' }));
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const back = safeReturn(form.get('return'));
      if (form.get('reset')) return reply.code(303).headers({ Location: back, 'Set-Cookie': overridesCookie(new Map()), 'Cache-Control': 'no-store' }).send();
      const parsed = parseOverride(form.get('module'), form.get('url'));
      if (!('name' in parsed)) {
        // Nothing is saved: this browser keeps what it ran (the live version, unless another override stands).
        return sendHtml(reply, 400, overridesPage({ ...state(ctx), message: parsed.error, prefill: { module: form.get('module'), url: form.get('url') } }));
      }
      const next = new Map(ctx.overrides).set(parsed.name, parsed.url);
      return reply.code(303).headers({ Location: back, 'Set-Cookie': overridesCookie(next), 'Cache-Control': 'no-store' }).send();
    });
  }

  /**
   * This browser's registry: what the site server chose for the visitor (live, preview, canary: decision 039) with
   * its overrides on top, each said to be one. The site server serves it at `/remotes.json`, private to the browser.
   */
  function registry(visitor: Record<string, unknown>, ctx: DevContext): Record<string, unknown> {
    if (ctx.replaced.size === 0) return visitor;
    const selection = { ...(visitor.selection as Record<string, string> | undefined) };
    for (const name of ctx.replaced.keys()) selection[name] = 'override';
    return { ...applyOverrides(visitor, ctx.replaced), selection };
  }

  /**
   * A route's page when the shell runs from source: its dev server's index.html, rendered in the browser (nothing is
   * prerendered from source). Null when the shell is the published one.
   */
  async function shellPage(ctx: DevContext, returnTo: string): Promise<string | null> {
    if (!shellDevUrl) return null;
    const response = await fetch(new URL('index.html', shellDevUrl));
    if (!response.ok) throw new Error(`the shell's dev server answered ${response.status}`);
    return withBanner(await response.text(), banner(ctx, returnTo));
  }

  return {
    context,
    routes,
    registry,
    shellPage,
    runsShellFromSource: Boolean(shellDevUrl),
    directives: (directives: CspDirectives, ctx: DevContext) => directivesWithOrigins(directives, ctx.origins),
    /** Whether a remote page's server rendering must be skipped: the browser runs another build of that module. */
    replaces: (ctx: DevContext, remoteName: string) => ctx.replaced.has(remoteName),
    /** Whether this browser's pages differ from the published ones. */
    changesPages: (ctx: DevContext) => ctx.replaced.size > 0 || ctx.problems.length > 0,
    /** A published page for this browser: with the banner, without the preloads of modules it runs from elsewhere. */
    page: (html: string, ctx: DevContext, returnTo: string) => withBanner(withoutPreloadsOf(html, ctx.replaced.keys()), banner(ctx, returnTo)),
  };
}
