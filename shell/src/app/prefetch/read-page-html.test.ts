import { loadedRemoteComponent, showPagePreview } from '@institute/shared/federation';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { getPageClient } from '../../lib/queries/page-client';
import { readPageHtml, takePageHtml } from './read-page-html';

jest.mock('@institute/shared/federation', () => ({ loadedRemoteComponent: jest.fn(() => null), showPagePreview: jest.fn() }));

const COURSES = 'mf_catalog/CoursesPage' as const;
const KEY = ['courses', 'pages', 'page-html-test'];
const CARDS = '<ul class="grid_a1"><li><h2>Clinical Medical Assistant</h2></li></ul>';

function serverState() {
  const server = new QueryClient();
  server.setQueryData(KEY, { pages: [{ items: ['Clinical Medical Assistant'] }], pageParams: [0] });
  return JSON.stringify({ slots: [COURSES], queries: dehydrate(server) });
}

/** The site server's page for /courses (site/src/ssr/inject.ts): the shell's page with the catalog's render in its slot. */
const renderedPage = ({ state = serverState(), slot = CARDS } = {}) => `<!doctype html><html><head>
<title>Courses | Northbridge Career Institute</title>
<style data-href="/shell/1.0.0/layout.css">.page{}</style>
<style data-href="__federation_expose_CoursesPage.77.css">.grid_a1{display:grid}</style>
<style data-href="/shell/1.0.0/banner.css">.banner{}</style>
</head><body><div id="root"><header>Northbridge</header><main><div class="slot" data-remote-slot="${COURSES}" inert="">${slot}</div></main></div>
${state === '' ? '' : `<script type="application/json" id="ssr-state">${state}</script>`}
<script type="application/json" id="site-data">{}</script></body></html>`;

const target = { id: COURSES, url: '/courses', from: '/about' };

beforeEach(() => {
  jest.clearAllMocks();
  getPageClient().clear();
  window.history.pushState({}, '', '/courses');
  // This document already has the shell's layout styles: only what it lacks is adopted.
  document.head.innerHTML = '<style data-href="/shell/1.0.0/layout.css"></style><link rel="stylesheet" href="/shell/1.0.0/banner.css">';
});
afterEach(() => window.history.pushState({}, '', '/'));

test('a rendered page: its query state fills the page\'s cache and the slot\'s markup, missing stylesheets and title are offered to the slot', () => {
  const parse = jest.spyOn(DOMParser.prototype, 'parseFromString');
  expect(takePageHtml(renderedPage(), target)).toBe(true);
  // No <style> reaches the parser: Chromium checks even an inert document's styles against this page's CSP.
  expect(parse.mock.calls[0]![0]).not.toMatch(/<style/i);
  parse.mockRestore();
  expect(getPageClient().getQueryData(KEY)).toEqual({ pages: [{ items: ['Clinical Medical Assistant'] }], pageParams: [0] });
  expect(showPagePreview).toHaveBeenCalledWith({
    id: COURSES, url: '/courses', html: CARDS, styles: ['.grid_a1{display:grid}'], title: 'Courses | Northbridge Career Institute',
  });
});

test('the server\'s fallback page (the render failed or timed out): nothing of it is used', () => {
  const placeholder = '<div class="banner"><h1>Courses</h1></div><p role="status">Loading The course catalog...</p>';
  expect(takePageHtml(renderedPage({ state: '', slot: placeholder }), target)).toBe(false);
  expect(takePageHtml(renderedPage({ state: JSON.stringify({ slots: [], queries: { queries: [], mutations: [] } }), slot: placeholder }), target)).toBe(false);
  expect(showPagePreview).not.toHaveBeenCalled();
  expect(getPageClient().getQueryData(KEY)).toBeUndefined();
});

test('the module arrived first: the data is taken, the markup is not shown', () => {
  jest.mocked(loadedRemoteComponent).mockReturnValueOnce(() => null);
  expect(takePageHtml(renderedPage(), target)).toBe(true);
  expect(getPageClient().getQueryData(KEY)).toBeDefined();
  expect(showPagePreview).not.toHaveBeenCalled();
});

test('the visitor went to another page meanwhile: no preview is offered', () => {
  window.history.pushState({}, '', '/blog');
  expect(takePageHtml(renderedPage(), target)).toBe(true);
  expect(showPagePreview).not.toHaveBeenCalled();
});

test('still on the page pressed from (the click is coming): the preview waits for the slot', () => {
  window.history.pushState({}, '', '/about');
  takePageHtml(renderedPage(), target);
  expect(showPagePreview).toHaveBeenCalledTimes(1);
});

test('read ahead (a link in view): the data fills the cache at once, the markup waits for a press, with the stylesheets lacking then', () => {
  window.history.pushState({}, '', '/about');
  const offer = readPageHtml(renderedPage(), COURSES);
  expect(getPageClient().getQueryData(KEY)).toBeDefined();
  expect(showPagePreview).not.toHaveBeenCalled();
  // Meanwhile the catalog's stylesheet arrived with another page of it: not adopted again.
  document.head.insertAdjacentHTML('beforeend', '<style data-href="__federation_expose_CoursesPage.77.css"></style>');
  offer!({ url: '/courses', from: '/about' });
  expect(showPagePreview).toHaveBeenCalledWith(expect.objectContaining({ id: COURSES, url: '/courses', html: CARDS, styles: [] }));
  // A press after the module has arrived shows nothing.
  jest.mocked(loadedRemoteComponent).mockReturnValueOnce(() => null);
  offer!({ url: '/courses', from: '/about' });
  expect(showPagePreview).toHaveBeenCalledTimes(1);
  expect(readPageHtml(renderedPage({ state: '' }), COURSES)).toBeNull();
});
