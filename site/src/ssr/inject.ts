import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { escapeHtml as attr, scriptJson } from '../html';
import { HEAD_START, replacePageHead } from '../pages/page-head';
import { attributeOf } from '../pages/parse';
import { SLOT_END, SLOT_START } from '../pages/remote-slot';
import { applyEdits, locate, type Edit } from '../pages/splice';
import type { RenderedPage } from './remote-renderer';
import type { InlineStyle } from './styles';

/** Where the prerender put this environment's config (pages/prerender.ts); the rendered data goes before it. */
const SITE_DATA = '<script type="application/json" id="site-data">';

/**
 * The <link> elements a rendered page starts with (React puts a page's image preloads first), and the markup
 * after them: the links belong in the head.
 */
export function leadingLinks(markup: string): { links: string; rest: string } {
  // Only the part before the first other tag is parsed: the page itself can be large.
  let stop = markup.indexOf('<');
  while (stop >= 0 && markup.startsWith('<link', stop)) stop = markup.indexOf('<', stop + 1);
  const head = stop < 0 ? markup : markup.slice(0, stop);
  let end = 0;
  for (const node of parseFragment(head, { sourceCodeLocationInfo: true }).childNodes as DefaultTreeAdapterMap['childNode'][]) {
    const isLink = 'tagName' in node && node.tagName === 'link';
    const isSpace = node.nodeName === '#text' && 'value' in node && !node.value.trim();
    if (!isLink && !isSpace) break;
    if (isLink) end = node.sourceCodeLocation!.endOffset;
  }
  return { links: markup.slice(0, end), rest: markup.slice(end) };
}

/**
 * The head's edits: the rendered page's links before its head block, its stylesheets at the end, and no preload
 * but images'. The page no longer waits on code or data: its content is in the HTML. The prerendered page's
 * preloads (the module's code, its manifest, the registry, the data now inline) would only compete with the page's
 * images on a slow connection; the code still starts from main.js, right after the page has painted.
 */
function headEdits(head: string, links: string, styles: string): Edit[] {
  const edits: Edit[] = [{ start: head.length, end: head.length, text: styles }];
  const marker = head.indexOf(HEAD_START);
  let linksAt = marker;
  for (const el of locate(head, (e) => e.tagName === 'link' || e.tagName === 'title')) {
    const { startOffset, endOffset } = el.sourceCodeLocation;
    if (el.tagName === 'title' && (linksAt < 0 || startOffset < linksAt)) linksAt = startOffset;
    if (el.tagName === 'link' && attributeOf(el, 'rel') === 'preload' && attributeOf(el, 'as') !== 'image') edits.push({ start: startOffset, end: endOffset, text: '' });
  }
  if (linksAt >= 0) edits.push({ start: linksAt, end: linksAt, text: links });
  return edits;
}

/**
 * The prerendered page with the remote's rendered page in its slot: its markup, the query state it was rendered
 * from (the browser's cache starts with it), its stylesheets inline (a stylesheet request would hold the first paint
 * behind other requests on a slow connection), and its image preloads in the head. Returns the page and the texts of
 * the styles it added (for the page's CSP), or null when the page has no slot.
 */
export function injectRemotePage(prerendered: string, remote: string, rendered: Pick<RenderedPage, 'html' | 'head' | 'state' | 'styles'>) {
  // A course or a post has its own title, description and structured data (issue 19).
  const page = rendered.head ? replacePageHead(prerendered, rendered.head) : prerendered;
  const start = page.indexOf(SLOT_START);
  const end = page.indexOf(SLOT_END);
  if (start < 0 || end < start) return null;
  const { links, rest: markup } = leadingLinks(rendered.html);
  // Inert until the module has hydrated it, as the shell renders it while it waits (decision 042): a tap on a button
  // that has no code yet would do nothing.
  const before = page.slice(0, start);
  const slotOpen = before.endsWith('>') ? `${before.slice(0, -1)} inert="">` : before;
  let html = `${slotOpen}${markup}${page.slice(end + SLOT_END.length)}`;
  const styleTexts: string[] = [];
  const inline: string[] = [];
  for (const { url, dataHref, css } of rendered.styles) {
    if (html.includes(`data-href="${attr(url)}"`) || html.includes(`data-href="${attr(dataHref)}"`)) continue;
    inline.push(`<style data-href="${attr(dataHref)}">${css}</style>`);
    styleTexts.push(css);
  }
  const headEnd = html.indexOf('</head>');
  if (headEnd >= 0) html = `${applyEdits(html.slice(0, headEnd), headEdits(html.slice(0, headEnd), links, inline.join('')))}${html.slice(headEnd)}`;
  const state = `<script type="application/json" id="ssr-state">${scriptJson({ slots: [remote], queries: rendered.state })}</script>`;
  const data = html.indexOf(SITE_DATA);
  if (data >= 0) html = `${html.slice(0, data)}${state}${html.slice(data)}`;
  return { html, styleTexts };
}

/** Where the prerender put the page's markup (pages/prerender.ts writes `<div id="root">…</div>` then the site data). */
const ROOT_OPEN = '<div id="root">';
const ROOT_CLOSE = `</div>${SITE_DATA}`;

/**
 * A shell page rendered per request with its data (decision 059): the prerendered page with `#root` holding the
 * rendered markup in place of the placeholder, the shell's stylesheets that markup needs and the prerender did not
 * inline, and the query state the browser's first render reads (no slots: nothing of a remote to hydrate). Returns
 * the page and the texts of the styles it added (for the page's CSP), or null when the page has no root to fill.
 */
export function injectShellPage(prerendered: string, rendered: { html: string; state: unknown }, styles: InlineStyle[]) {
  const start = prerendered.indexOf(ROOT_OPEN);
  const end = prerendered.indexOf(ROOT_CLOSE, start);
  if (start < 0 || end < 0) return null;
  const state = `<script type="application/json" id="ssr-state">${scriptJson({ slots: [], queries: rendered.state })}</script>`;
  let html = `${prerendered.slice(0, start + ROOT_OPEN.length)}${rendered.html}</div>${state}${prerendered.slice(end + '</div>'.length)}`;
  const styleTexts: string[] = [];
  const inline: string[] = [];
  for (const { dataHref, css } of styles) {
    if (html.includes(`data-href="${attr(dataHref)}"`)) continue;
    inline.push(`<style data-href="${attr(dataHref)}">${css}</style>`);
    styleTexts.push(css);
  }
  const headEnd = html.indexOf('</head>');
  if (headEnd >= 0) html = `${html.slice(0, headEnd)}${inline.join('')}${html.slice(headEnd)}`;
  return { html, styleTexts };
}
