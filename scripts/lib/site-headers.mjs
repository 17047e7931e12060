import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Written beside remotes.json whenever the registry or config changes; the site server (and nginx) serve it. */
export const HEADERS_FILE = 'site-headers.json';

/** The path CSP violation reports go to, on the API. */
export const CSP_REPORT_PATH = '/api/csp-reports';

/** Embeds the course page may show (mf-catalog's intro video): the product's own choice of providers. */
const VIDEO_EMBEDS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The real PayPal SDK loads from www.paypal.com and draws its buttons and images from paypal.com and
 * paypalobjects.com subdomains (PayPal's CSP guide); a sandbox stands for all of them with its one origin.
 */
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
const isRealPayPal = (origin) => /^https:\/\/(www\.)?(sandbox\.)?paypal\.com$/.test(origin);

export function originOf(url, base) {
  if (!url) return null;
  try {
    const { origin, protocol } = new URL(url, base);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}

/** Real Cloudinary uploads to api.cloudinary.com and delivers from res.cloudinary.com; a sandbox does both. */
function cloudinaryOrigins(config) {
  const upload = originOf(config.cloudinary?.uploadBaseUrl || 'https://api.cloudinary.com');
  if (!upload) return { upload: [], delivery: [] };
  return { upload: [upload], delivery: [upload === 'https://api.cloudinary.com' ? 'https://res.cloudinary.com' : upload] };
}

function paypalOrigins(config) {
  if (!config.paypal) return [];
  const sdk = originOf(config.paypal.sdkBaseUrl || 'https://www.paypal.com');
  if (!sdk) return [];
  return isRealPayPal(sdk) ? PAYPAL_ORIGINS : [sdk];
}

const SAMPLE_BASE = 'http://site.invalid/';
/** Origins of remotes on another origin than the site (a relative registry entry is the site itself). */
function remoteOrigins(remotes) {
  return Object.values(remotes ?? {})
    .filter((entry) => typeof entry === 'string' && /^(https?:)?\/\//.test(entry))
    .map((entry) => originOf(entry, SAMPLE_BASE))
    .filter(Boolean);
}

const list = (...sources) => [...new Set(sources.flat().filter(Boolean))];

/**
 * The Content-Security-Policy directives of the site, derived from config.json and remotes.json: scripts come from
 * the site and its registered remotes (and the payment SDK), never inline or from eval; data goes only to the
 * API, the remotes and the configured providers. Inline <style> of prerendered pages is allowed per page by hash
 * (see headersForPage); style attributes are allowed, as they cannot run script and React's own markup uses them.
 */
export function contentSecurityPolicy(config, remotes) {
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

export const serializePolicy = (directives) => Object.entries(directives)
  .map(([name, sources]) => `${name} ${sources.length ? sources.join(' ') : "'none'"}`)
  .join('; ');

/** `sha256-…` of an inline element's text, as CSP hashes it. */
export const cspHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Every `<style>` element's text in an HTML document. */
export const inlineStyleTexts = (html) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);

/** The headers every response of the site carries (CSP is added per document, see headersForPage). */
export function siteHeaders(config, remotes) {
  const paypal = paypalOrigins(config).filter((o) => !o.includes('*'));
  return {
    directives: contentSecurityPolicy(config, remotes),
    headers: {
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      // PayPal's approval window is a popup that reports back to this page: it must keep its opener.
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'Permissions-Policy': `accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), payment=(self${paypal.map((o) => ` "${o}"`).join('')})`,
    },
  };
}

/** The document headers of one page: the site's headers plus its CSP, with the page's inline styles by hash. */
export function headersForPage(site, styleHashes = []) {
  const directives = { ...site.directives };
  if (styleHashes.length) directives['style-src-elem'] = [...directives['style-src-elem'], ...styleHashes];
  return { ...site.headers, 'Content-Security-Policy': serializePolicy(directives) };
}

/** The site's own HTML documents (relative paths): the static pages and the prerendered ones. */
function documents(root) {
  const pages = path.join(root, 'pages');
  return [
    ...readdirSync(root).filter((f) => f.endsWith('.html')),
    ...(existsSync(pages) ? readdirSync(pages).filter((f) => f.endsWith('.html')).map((f) => `pages/${f}`) : []),
  ].sort();
}

/**
 * Writes site-headers.json from the deploy folder's config.json and remotes.json, with the hashes of every HTML
 * document's inline styles. Run after the documents are written.
 */
export function writeSiteHeaders(root) {
  const configFile = path.join(root, 'config.json');
  if (!existsSync(configFile)) return null;
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  const registryFile = path.join(root, 'remotes.json');
  const remotes = existsSync(registryFile) ? JSON.parse(readFileSync(registryFile, 'utf8')) : {};
  const file = path.join(root, HEADERS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  const styleHashes = Object.fromEntries(documents(root)
    .map((rel) => [rel, [...new Set(inlineStyleTexts(readFileSync(path.join(root, rel), 'utf8')).map(cspHash))]])
    .filter(([, hashes]) => hashes.length));
  writeFileSync(tmp, `${JSON.stringify({ ...siteHeaders(config, remotes), styleHashes }, null, 2)}\n`);
  renameSync(tmp, file);
  return file;
}
