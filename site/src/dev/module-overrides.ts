// Module overrides outside production (decision 038): one browser runs a module from another URL (a teammate's dev
// server, a build served elsewhere), kept in a cookie of that browser. `npm run dev` uses the same mechanism for the
// modules it serves from source, for every browser of that developer's site. The site server applies them per
// request: the registry it answers with, the CSP origins of the page, server rendering skipped for those modules.
import type { CspDirective, CspDirectives } from '../headers/csp';
import { escapeHtml } from '../html';

export const OVERRIDES_COOKIE = 'institute_module_overrides';
export const OVERRIDES_PATH = '/__overrides';
/** An override lasts this long unless reset: a working week, so a forgotten one does not stay for good. */
const MAX_AGE_S = 7 * 24 * 3600;
/** The remotes a browser may override, by federation name; each is published under its folder (mf_x -> mf-x). */
export const REMOTES = ['mf_catalog', 'mf_checkout', 'mf_content', 'mf_admin'] as const;
export const folderOf = (name: string): string => name.replace(/_/g, '-');

type Env = Record<string, string | undefined>;
export type Overrides = Map<string, string>;
export type ParsedOverride = { name: string; url: string; error?: undefined } | { error: string };

/**
 * Overrides are on outside production unless MODULE_OVERRIDES=off; production (NODE_ENV=production) never has them,
 * and the production start refuses MODULE_OVERRIDES=on (productionOverridesProblem).
 */
export function overridesEnabled(env: Env): boolean {
  if (env.NODE_ENV === 'production') return false;
  return env.MODULE_OVERRIDES !== 'off';
}

export function productionOverridesProblem(env: Env): string | null {
  const value = env.MODULE_OVERRIDES;
  if (!value || value === 'off') return null;
  return `MODULE_OVERRIDES=${value} lets a browser load module code from any origin: a development tool, refused in production (unset it or set it to off).`;
}

/** The remote a name means (`mf-content` or `mf_content`), or null. The shell is not overridable per browser. */
const remoteNamed = (name: string): string | null => REMOTES.find((r) => r === name || folderOf(r) === name) ?? null;

/**
 * One override, checked: the module's federation name and the URL of its mf-manifest.json (a folder URL ending in
 * `/` gets the file name), or what is wrong.
 */
export function parseOverride(module: unknown, url: unknown): ParsedOverride {
  const name = remoteNamed(String(module ?? '').trim());
  if (!name) {
    return { error: `Unknown module "${String(module)}": a module override names one of ${REMOTES.join(', ')}. The live version runs.` };
  }
  let parsed: URL | null;
  try {
    parsed = new URL(String(url ?? '').trim());
  } catch {
    parsed = null;
  }
  const malformed = `"${String(url)}" is not the http(s) address of a module's mf-manifest.json (or of its folder, ending in /). The live version of ${name} runs.`;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password) return { error: malformed };
  if (parsed.pathname.endsWith('/')) parsed.pathname += 'mf-manifest.json';
  if (!parsed.pathname.endsWith('.json')) return { error: malformed };
  parsed.hash = '';
  return { name, url: parsed.href };
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of String(header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The overrides a request's cookie holds, and a sentence for each entry that could not be used. */
export function readOverrides(cookieHeader: string | undefined): { overrides: Overrides; problems: string[] } {
  const overrides: Overrides = new Map();
  const problems: string[] = [];
  const raw = cookieValue(cookieHeader, OVERRIDES_COOKIE);
  if (!raw) return { overrides, problems };
  let entries: unknown;
  try {
    entries = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    entries = null;
  }
  if (!entries || typeof entries !== 'object' || Array.isArray(entries)) {
    return { overrides, problems: ['The module overrides saved in this browser could not be read. The live versions run.'] };
  }
  for (const [module, url] of Object.entries(entries)) {
    const parsed = parseOverride(module, url);
    if ('name' in parsed) overrides.set(parsed.name, parsed.url);
    else problems.push(parsed.error);
  }
  return { overrides, problems };
}

/** The Set-Cookie header that keeps `overrides` in the browser (none: the cookie is removed). */
export function overridesCookie(overrides: Overrides): string {
  if (overrides.size === 0) return `${OVERRIDES_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  const value = Buffer.from(JSON.stringify(Object.fromEntries(overrides))).toString('base64url');
  return `${OVERRIDES_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_S}`;
}

/**
 * The registry a browser with these overrides gets: their entries replace the live ones. The `integrity` section
 * vouches for published builds only and would refuse any other entry (decision 017), so a registry with an override
 * has none: in that browser, outside production, nothing is checked.
 */
export function applyOverrides(registry: Record<string, unknown>, overrides: Overrides): Record<string, unknown> {
  if (overrides.size === 0) return registry;
  const entries: Record<string, unknown> = { ...registry };
  delete entries.integrity;
  for (const [name, url] of overrides) entries[name] = url;
  return entries;
}

/**
 * Origins a page must allow for overridden modules: their scripts, styles, images and fonts, their hot updates and
 * the dev server's hot-reload socket (ws: beside http:, wss: beside https:).
 */
export function overrideOrigins(urls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const { origin, protocol, host } = new URL(url);
    origins.add(origin);
    origins.add(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}`);
  }
  return [...origins];
}

/** The site's CSP directives with those origins added where a module's files are used. */
export function directivesWithOrigins(directives: CspDirectives, origins: string[]): CspDirectives {
  if (origins.length === 0) return directives;
  const http = origins.filter((o) => o.startsWith('http'));
  const add = (name: CspDirective, extra: string[]) => [...new Set([...(directives[name] ?? []), ...extra])];
  return {
    ...directives,
    'script-src': add('script-src', http),
    'style-src': add('style-src', http),
    'style-src-elem': add('style-src-elem', http),
    'img-src': add('img-src', http),
    'font-src': add('font-src', http),
    'media-src': add('media-src', http),
    'connect-src': add('connect-src', origins),
  };
}

export interface BannerState { overrides: Overrides; problems: string[]; fromSource: Overrides }

/**
 * The banner every page of a browser with overrides shows, outside the app's root so it never meets hydration: what
 * runs from where, why an override was ignored, and Reset (a form: it works before and without the app's code).
 */
export function overridesBanner({ overrides, problems, fromSource }: BannerState, returnTo: string): string {
  const lines = [
    ...[...fromSource].map(([name, url]) => `<li><strong>${escapeHtml(name)}</strong> from source (<code>npm run dev</code>, ${escapeHtml(new URL(url).origin)})</li>`),
    ...[...overrides].map(([name, url]) => `<li><strong>${escapeHtml(name)}</strong> overridden in this browser: ${escapeHtml(url)}</li>`),
    ...problems.map((p) => `<li role="alert">${escapeHtml(p)}</li>`),
  ];
  if (lines.length === 0) return '';
  const reset = overrides.size || problems.length
    ? `<form method="post" action="${OVERRIDES_PATH}" style="display:inline;margin:0"><input type="hidden" name="reset" value="1"><input type="hidden" name="return" value="${escapeHtml(returnTo)}"><button type="submit" style="font:inherit;padding:.25rem .75rem;cursor:pointer">Reset overrides</button></form>`
    : '';
  return `<aside id="module-overrides" aria-label="Module overrides" style="position:fixed;inset:auto 0 0 0;z-index:2147483647;background:#5b2a00;color:#fff;font:14px/1.4 system-ui,sans-serif;padding:.5rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center"><span>Not the live site:</span><ul style="margin:0;padding:0 0 0 1rem">${lines.join('')}</ul>${reset}<a href="${OVERRIDES_PATH}" style="color:#fff">Module overrides</a></aside>`;
}

/** The page's HTML with the banner as the body's first element. */
export function withBanner(html: string, banner: string): string {
  if (!banner) return html;
  return html.replace(/<body\b[^>]*>/i, (tag) => `${tag}${banner}`);
}

/** The page without its `<link rel="preload">` of the named modules' published files (fetched for nothing). */
export function withoutPreloadsOf(html: string, names: Iterable<string>): string {
  let out = html;
  for (const name of names) out = out.replace(new RegExp(`<link rel="preload" href="/${folderOf(name)}/[^"]*"[^>]*>`, 'g'), '');
  return out;
}

export interface OverridesPageState extends BannerState {
  registry: Record<string, unknown> | null;
  message?: string;
  prefill?: { module?: string | null; url?: string | null };
}

/**
 * The overrides page: the live registry, what this browser runs, a form to point a module at a URL and a reset.
 * `prefill` comes from the query, so a teammate can send a link that fills the form (applying it takes the button).
 */
export function overridesPage({ registry, overrides, problems, fromSource, message, prefill = {} }: OverridesPageState): string {
  const rows = REMOTES.map((name) => {
    const live = registry?.[name];
    const runs = overrides.get(name) ?? fromSource.get(name) ?? (typeof live === 'string' ? live : '(not published)');
    const why = overrides.has(name) ? 'override in this browser' : fromSource.has(name) ? 'from source (npm run dev)' : 'live';
    return `<tr><th scope="row">${name}</th><td>${escapeHtml(runs)}</td><td>${why}</td></tr>`;
  }).join('');
  const options = REMOTES.map((name) => `<option${prefill.module === name ? ' selected' : ''}>${name}</option>`).join('');
  const notes = [message, ...problems].filter(Boolean).map((text) => `<p role="alert">${escapeHtml(text)}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Module overrides</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem">
<h1>Module overrides</h1>
<p>Point one module at another build for this browser only (a teammate's dev server, a build served elsewhere). Other browsers keep the live site. Not available in production.</p>
${notes}
<table style="border-collapse:collapse" cellpadding="6"><caption style="text-align:left">What this browser runs</caption><thead><tr><th scope="col">Module</th><th scope="col">Manifest</th><th scope="col">Why</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="${OVERRIDES_PATH}" style="margin-top:1.5rem;display:grid;gap:.75rem;max-width:40rem">
<label>Module <select name="module">${options}</select></label>
<label>Manifest URL <input name="url" type="text" inputmode="url" required value="${escapeHtml(prefill.url ?? '')}" placeholder="http://127.0.0.1:3003/mf-manifest.json" style="width:100%"></label>
<input type="hidden" name="return" value="/">
<button type="submit">Use this build</button>
</form>
<form method="post" action="${OVERRIDES_PATH}" style="margin-top:1rem"><input type="hidden" name="reset" value="1"><input type="hidden" name="return" value="${OVERRIDES_PATH}"><button type="submit">Reset overrides</button></form>
<p><a href="/">Back to the site</a></p>
</body></html>`;
}

/** A same-site path to go back to after a form, never another origin. */
export function safeReturn(value: unknown): string {
  const text = String(value ?? '/');
  return text.startsWith('/') && !text.startsWith('//') && !text.includes('\\') ? text : '/';
}
