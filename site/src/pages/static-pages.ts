import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, liveShellVersion, readJson, type SiteConfig } from '../deploy-folder';
import { escapeHtml as escape } from '../html';
import { absoluteUrl } from './page-head';

type Values = { institute: string; email: string; phone: string; address: string };
interface PolicyDoc {
  title: string;
  updated: string;
  intro: string[];
  sections: { heading: string; paragraphs?: string[]; items?: string[]; contact?: boolean }[];
}

function fill(text: string, values: Values): string {
  return escape(text).replace(/\{(institute|email|phone|address)\}/g, (_m, key: keyof Values) => escape(values[key]));
}

function formatDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

function renderPage(doc: PolicyDoc, values: Values, canonical: string | null): string {
  const contact = `<ul><li>${escape(values.address)}</li><li><a href="mailto:${escape(values.email)}">${escape(values.email)}</a></li>` +
    `<li><a href="tel:${escape(values.phone.replace(/[^\d+]/g, ''))}">${escape(values.phone)}</a></li></ul>`;
  const sections = doc.sections.map((s) => [
    `<h2>${fill(s.heading, values)}</h2>`,
    ...(s.paragraphs ?? []).map((p) => `<p>${fill(p, values)}</p>`),
    s.items ? `<ul>${s.items.map((i) => `<li>${fill(i, values)}</li>`).join('')}</ul>` : '',
    s.contact ? contact : '',
  ].join('\n')).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.title)} | ${escape(values.institute)}</title>
<meta name="description" content="${escape(doc.title)} of ${escape(values.institute)}">
${canonical ? `<link rel="canonical" href="${escape(canonical)}">\n` : ''}<link rel="icon" href="/favicon.ico">
<style>body{font-family:system-ui,sans-serif;line-height:1.6;color:#1b2430;max-width:46rem;margin:0 auto;padding:2rem 1rem}a{color:#0b5cab}h1{color:#084482}</style>
</head><body><main>
<p><a href="/">${escape(values.institute)}</a></p>
<h1>${escape(doc.title)}</h1>
<p><small>Last updated ${formatDate(doc.updated)}</small></p>
${doc.intro.map((p) => `<p>${fill(p, values)}</p>`).join('\n')}
${sections}
</main></body></html>
`;
}

/**
 * Writes /privacy-policy.html and /terms-and-conditions.html into the deploy root from the live shell's
 * policy text and this environment's config.json, so the static pages and the in-app pages never disagree.
 * The footer links these copies (the spec) and the sitemap lists the app's /privacy-policy and
 * /terms-and-conditions: each copy names its app route as canonical, so search engines index one URL per text.
 */
export function writeStaticPages(root: string): string[] {
  const version = liveShellVersion(root);
  const config = readJson<SiteConfig>(path.join(root, CONFIG_FILE));
  const pages = version ? readJson<Record<string, PolicyDoc>>(path.join(root, 'shell', version, 'policy-pages.json')) : null;
  if (!version || !config || !pages) return [];
  // The shell's icon at the site root, where browsers look for it (and the static pages link it).
  const icon = path.join(root, 'shell', version, 'favicon.ico');
  if (existsSync(icon)) copyFileSync(icon, path.join(root, 'favicon.ico'));
  const { institute } = config;
  const values = { institute: institute.name, email: institute.email, phone: institute.phone, address: institute.address };
  return Object.entries(pages).map(([name, doc]) => {
    const file = path.join(root, `${name}.html`);
    writeFileSync(file, renderPage(doc, values, absoluteUrl(config, `/${name}`)));
    return file;
  });
}
