import { escapeHtml as attr, scriptJson } from '../html';
import type { SiteConfig } from '../deploy-folder';
import { attributeOf, findElements, parseFragment } from './parse';

/** The page's search-engine head (title, description, canonical URL, Open Graph, structured data) sits between these. */
export const HEAD_START = '<!--page-head-->';
export const HEAD_END = '<!--/page-head-->';

export interface PageHead {
  title: string;
  description?: string;
  url?: string | null;
  image?: string;
  type?: string;
  siteName?: string;
  jsonLd?: unknown;
  /** Kept out of search results (a certificate's verification page names a person). */
  noindex?: boolean;
}

/**
 * The tags search engines and link previews read, in the first HTML response (issue 19, decision 021).
 * `jsonLd` goes in a `type="application/ld+json"` script, which browsers never run: the page's CSP (no inline
 * scripts) is unaffected, as for the `application/json` config element beside it.
 */
export function pageHead({ title, description, url, image, type = 'website', siteName, jsonLd, noindex }: PageHead): string {
  const meta = (key: string, name: string, content?: string | null) => (content ? `<meta ${key}="${name}" content="${attr(content)}">` : '');
  return [
    HEAD_START,
    `<title>${attr(title)}</title>`,
    noindex ? '<meta name="robots" content="noindex">' : '',
    meta('name', 'description', description),
    url ? `<link rel="canonical" href="${attr(url)}">` : '',
    meta('property', 'og:type', type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    jsonLd ? `<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : '',
    HEAD_END,
  ].join('');
}

/** The site's public address joined with a path, or null when config.json names none. */
export function absoluteUrl(config: Pick<SiteConfig, 'siteUrl'>, path: string): string | null {
  return config.siteUrl ? `${config.siteUrl.replace(/\/$/, '')}${path}` : null;
}

/** The home page's structured data: the institute as a school (schema.org EducationalOrganization). */
export function organizationJsonLd(config: SiteConfig) {
  const { name, address, phone, email } = config.institute;
  const url = absoluteUrl(config, '/');
  // Its own profiles, the ones the footer links (config.json's `social`).
  const sameAs = Object.values(config.social ?? {}).filter((link) => typeof link === 'string' && link.startsWith('https://'));
  return {
    '@context': 'https://schema.org', '@type': 'EducationalOrganization', name, ...(url ? { url } : {}), address, telephone: phone, email,
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/**
 * A server-rendered page's own head (a course, a post) in place of its route's generic one, keeping the route's
 * canonical URL and site name. Returns the page unchanged when it has no head block.
 */
export function replacePageHead(html: string, head: PageHead): string {
  const start = html.indexOf(HEAD_START);
  const end = html.indexOf(HEAD_END);
  if (start < 0 || end < start) return html;
  const block = parseFragment(html.slice(start, end));
  const url = findElements(block, (el) => el.tagName === 'link' && attributeOf(el, 'rel') === 'canonical')[0];
  const siteName = findElements(block, (el) => el.tagName === 'meta' && attributeOf(el, 'property') === 'og:site_name')[0];
  const name = siteName && attributeOf(siteName, 'content');
  const replaced = pageHead({
    ...head,
    title: name ? `${head.title} | ${name}` : head.title,
    url: url && attributeOf(url, 'href'),
    siteName: name ?? undefined,
  });
  return `${html.slice(0, start)}${replaced}${html.slice(end + HEAD_END.length)}`;
}
