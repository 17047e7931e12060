import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { escapeHtml as attr, scriptJson } from '../html';
import { HEAD_START, replacePageHead } from '../pages/page-head';
import { attributeOf } from '../pages/parse';
import { slotRange } from '../pages/remote-slot';
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

type Rendered = Pick<RenderedPage, 'html' | 'head' | 'state' | 'styles'>;
/** A remote's render for one slot of a page: the route's page, or a section of it (`section`). */
export interface SlotRender { id: string; rendered: Rendered; section?: boolean }

/** One query state for the browser from several renders (each a dehydrated react-query state). */
function mergeStates(states: unknown[]): unknown {
  if (states.length === 1) return states[0];
  const parts = states as { queries?: unknown[]; mutations?: unknown[] }[];
  return { mutations: parts.flatMap((s) => s?.mutations ?? []), queries: parts.flatMap((s) => s?.queries ?? []) };
}

/**
 * The prerendered page with the remotes' rendered markup in their slots: the route's page and the sections of the
 * page rendered on the server (decision 060), the query state they were rendered from (the browser's cache starts
 * with it), their stylesheets inline (a stylesheet request would hold the first paint behind other requests on a
 * slow connection), and the page's image preloads in the head. Returns the page and the texts of the styles it
 * added (for the page's CSP), or null when no render found its slot.
 */
export function injectRemotePages(prerendered: string, renders: SlotRender[]) {
  const page = renders.find((r) => !r.section);
  // A course or a post has its own title, description and structured data (issue 19).
  let html = page?.rendered.head ? replacePageHead(prerendered, page.rendered.head) : prerendered;
  const placed: SlotRender[] = [];
  let links = '';
  for (const render of renders) {
    const range = slotRange(html, render.id);
    if (!range) continue;
    // A section sits below the fold: its images load lazily and get no preload of their own.
    const { links: leading, rest: markup } = leadingLinks(render.rendered.html);
    if (!render.section) links = leading;
    // Inert until the module has hydrated it, as the shell renders it while it waits (decision 042): a tap on a
    // button that has no code yet would do nothing.
    const before = html.slice(0, range.start);
    const slotOpen = before.endsWith('>') ? `${before.slice(0, -1)} inert="">` : before;
    html = `${slotOpen}${markup}${html.slice(range.end)}`;
    placed.push(render);
  }
  if (placed.length === 0) return null;
  const styleTexts: string[] = [];
  const inline: string[] = [];
  for (const { url, dataHref, css } of placed.flatMap((r) => r.rendered.styles)) {
    if (html.includes(`data-href="${attr(url)}"`) || html.includes(`data-href="${attr(dataHref)}"`)) continue;
    inline.push(`<style data-href="${attr(dataHref)}">${css}</style>`);
    styleTexts.push(css);
  }
  const headEnd = html.indexOf('</head>');
  if (headEnd >= 0) {
    const head = html.slice(0, headEnd);
    // The page's preloads of code and data give way only where the route's page itself is in the HTML.
    const edits = placed.some((r) => !r.section) ? headEdits(head, links, inline.join('')) : [{ start: head.length, end: head.length, text: inline.join('') }];
    html = `${applyEdits(head, edits)}${html.slice(headEnd)}`;
  }
  const slots = placed.filter((r) => !r.section).map((r) => r.id);
  const sections = placed.filter((r) => r.section).map((r) => r.id);
  const state = `<script type="application/json" id="ssr-state">${scriptJson({ slots, ...(sections.length ? { sections } : {}), queries: mergeStates(placed.map((r) => r.rendered.state)) })}</script>`;
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

/** The prerendered page with the route's remote page in its slot (injectRemotePages with that one render). */
export function injectRemotePage(prerendered: string, remote: string, rendered: Rendered) {
  return injectRemotePages(prerendered, [{ id: remote, rendered }]);
}
