import type { Registry, SiteConfig } from '../deploy-folder';

/** The CSP directives the site sets: one name, one list of sources each (an empty list is `'none'`). */
export type CspDirective =
  | 'default-src' | 'script-src' | 'style-src' | 'style-src-elem' | 'style-src-attr' | 'img-src' | 'media-src'
  | 'font-src' | 'connect-src' | 'frame-src' | 'worker-src' | 'manifest-src' | 'object-src' | 'base-uri'
  | 'form-action' | 'frame-ancestors' | 'report-uri';
export type CspDirectives = Partial<Record<CspDirective, string[]>>;

/** The path CSP violation reports go to, on the API. */
export const CSP_REPORT_PATH = '/api/csp-reports';

/** Embeds the course page may show (mf-catalog's intro video): the product's own choice of providers. */
const VIDEO_EMBEDS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The real PayPal SDK loads from www.paypal.com and draws its buttons and images from paypal.com and
 * paypalobjects.com subdomains (PayPal's CSP guide); a sandbox stands for all of them with its one origin.
 */
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
const isRealPayPal = (origin: string) => /^https:\/\/(www\.)?(sandbox\.)?paypal\.com$/.test(origin);

/** The http(s) origin of a URL (relative to `base`), or null. */
export function originOf(url: unknown, base?: string): string | null {
  if (!url || typeof url !== 'string') return null;
  try {
    const { origin, protocol } = new URL(url, base);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}

/** Real Cloudinary uploads to api.cloudinary.com and delivers from res.cloudinary.com; a sandbox does both. */
function cloudinaryOrigins(config: SiteConfig): { upload: string[]; delivery: string[] } {
  const upload = originOf(config.cloudinary?.uploadBaseUrl || 'https://api.cloudinary.com');
  if (!upload) return { upload: [], delivery: [] };
  return { upload: [upload], delivery: [upload === 'https://api.cloudinary.com' ? 'https://res.cloudinary.com' : upload] };
}

export function paypalOrigins(config: SiteConfig): string[] {
  if (!config.paypal) return [];
  const sdk = originOf(config.paypal.sdkBaseUrl || 'https://www.paypal.com');
  if (!sdk) return [];
  return isRealPayPal(sdk) ? PAYPAL_ORIGINS : [sdk];
}

const SAMPLE_BASE = 'http://site.invalid/';
/** Origins of remotes on another origin than the site (a relative registry entry is the site itself). */
function remoteOrigins(remotes: Registry): string[] {
  return Object.values(remotes)
    .filter((entry): entry is string => typeof entry === 'string' && /^(https?:)?\/\//.test(entry))
    .map((entry) => originOf(entry, SAMPLE_BASE))
    .filter((origin): origin is string => Boolean(origin));
}

const list = (...sources: (string | null | undefined | string[])[]): string[] =>
  [...new Set(sources.flat().filter((s): s is string => Boolean(s)))];

/**
 * The Content-Security-Policy directives of the site, derived from config.json and remotes.json: scripts come from
 * the site and its registered remotes (and the payment SDK), never inline or from eval; data goes only to the
 * API, the remotes and the configured providers. Inline <style> of prerendered pages is allowed per page by hash
 * (see headersForPage); style attributes are allowed, as they cannot run script and React's own markup uses them.
 */
export function contentSecurityPolicy(config: SiteConfig, remotes: Registry): CspDirectives {
  const api = originOf(config.apiBaseUrl);
  const paypal = paypalOrigins(config);
  const cloudinary = cloudinaryOrigins(config);
  const emailjs = config.emailjs ? originOf(config.emailjs.origin || 'https://api.emailjs.com') : null;
  const modules = remoteOrigins(remotes);
  return {
    'default-src': ["'self'"],
    'script-src': list("'self'", modules, paypal),
    'style-src': list("'self'", modules, paypal),
    'style-src-elem': list("'self'", modules, paypal),
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': list("'self'", 'data:', 'blob:', api, cloudinary.delivery, paypal),
    'media-src': list("'self'", api, cloudinary.delivery),
    'font-src': list("'self'", 'data:', modules),
    'connect-src': list("'self'", api, modules, emailjs, cloudinary.upload, paypal),
    'frame-src': list(paypal, originOf(config.mapEmbedUrl), VIDEO_EMBEDS),
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // report-uri alone: with report-to beside it Chromium ignores report-uri and sends batches up to a minute later.
    ...(api ? { 'report-uri': [`${api}${CSP_REPORT_PATH}`] } : {}),
  };
}

export const serializePolicy = (directives: CspDirectives): string => Object.entries(directives)
  .map(([name, sources]) => `${name} ${sources.length ? sources.join(' ') : "'none'"}`)
  .join('; ');
