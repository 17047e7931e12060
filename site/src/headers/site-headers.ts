import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, HEADERS_FILE, PAGES_DIR, readJson, readRegistry, type Registry, type SiteConfig } from '../deploy-folder';
import { cspHash } from '../html';
import { findElements, parseDocument, textOf } from '../pages/parse';
import { contentSecurityPolicy, paypalOrigins, serializePolicy, type CspDirectives } from './csp';

/** site-headers.json: what every document of the site is sent with, and the hashes of each one's inline styles. */
export interface SitePolicy {
  directives: CspDirectives;
  headers: Record<string, string>;
  styleHashes?: Record<string, string[]>;
}

/** Every `<style>` element's text in an HTML document, as the browser (and so CSP) reads it. */
export const inlineStyleTexts = (html: string): string[] =>
  findElements(parseDocument(html), (el) => el.tagName === 'style').map(textOf);

/** The headers every document of the site carries (CSP is added per document, see headersForPage). */
export function siteHeaders(config: SiteConfig, remotes: Registry): SitePolicy {
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
export function headersForPage(site: SitePolicy, styleHashes: string[] = []): Record<string, string> {
  const directives = { ...site.directives };
  if (styleHashes.length) directives['style-src-elem'] = [...(directives['style-src-elem'] ?? []), ...styleHashes];
  return { ...site.headers, 'Content-Security-Policy': serializePolicy(directives) };
}

/** The site's own HTML documents (relative paths): the static pages and the prerendered ones. */
function documents(root: string): string[] {
  const pages = path.join(root, PAGES_DIR);
  return [
    ...readdirSync(root).filter((f) => f.endsWith('.html')),
    ...(existsSync(pages) ? readdirSync(pages).filter((f) => f.endsWith('.html')).map((f) => `${PAGES_DIR}/${f}`) : []),
  ].sort();
}

/**
 * Writes site-headers.json from the deploy folder's config.json and remotes.json, with the hashes of every HTML
 * document's inline styles. Run after the documents are written.
 */
export function writeSiteHeaders(root: string): string | null {
  const config = readJson<SiteConfig>(path.join(root, CONFIG_FILE));
  if (!config) return null;
  const file = path.join(root, HEADERS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  const styleHashes = Object.fromEntries(documents(root)
    .map((rel) => [rel, [...new Set(inlineStyleTexts(readFileSync(path.join(root, rel), 'utf8')).map(cspHash))]] as const)
    .filter(([, hashes]) => hashes.length));
  writeFileSync(tmp, `${JSON.stringify({ ...siteHeaders(config, readRegistry(root)), styleHashes }, null, 2)}\n`);
  renameSync(tmp, file);
  return file;
}
