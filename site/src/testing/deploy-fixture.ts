import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { writeSiteHeaders } from '../headers/site-headers';
import { sha384 } from '../html';
import { SLOT_END, SLOT_START } from '../pages/remote-slot';

export const CHUNK = '/mf-demo/1.0.0/main.3f2a1b9c.js';
export const CHUNK_TEXT = `/* demo chunk */\n${'export const line = "the same text compresses well";\n'.repeat(200)}`;
export const API = 'http://api.test';
export const SERVER_BUILD = '/mf-demo/1.0.0/ssr/prerender.cjs';

/** A remote's server build that renders `expose` at `url` (its behaviour picked by the URL, for the tests). */
const SERVER_BUILD_SOURCE = `
exports.render = async ({ expose, url, props }) => {
  if (url.startsWith('/slow')) return new Promise(() => {});
  if (url.startsWith('/broken')) throw new Error('the API is down');
  return { html: '<link rel="preload" as="image" href="/a.jpg"><h1>Rendered ' + expose + ' at ' + url + '</h1>' + (props ? '<p>props ' + JSON.stringify(props) + '</p>' : ''), state: [{ key: ['x'], data: 1 }],
    head: url.startsWith('/courses/') ? { title: 'Course <1>', description: 'About it' } : undefined,
    status: url.startsWith('/courses/missing') || url.startsWith('/certificates/missing') ? 404 : undefined, personal: url.startsWith('/certificates/') };
};
`;

/** The shell's server build: renders a shell page with its data per request (decision 059), picked by the URL. */
const SHELL_BUILD_SOURCE = `
exports.renderRoute = async (url) => {
  if (url.startsWith('/invoices/slow')) return new Promise(() => {});
  if (url.startsWith('/invoices/broken')) throw new Error('the API is down');
  const missing = url.startsWith('/invoices/missing');
  return { html: '<main class="shell_invoice_sheet">' + (missing ? '<p>Not found</p>' : '<h1>Invoice at ' + url + '</h1>') + '</main>',
    state: { queries: [{ queryKey: ['invoices', 'code', url] }] }, status: missing ? 404 : undefined, personal: true };
};
`;
export const SHELL_CSS = '.shell_invoice_sheet{border:1px solid}';

const page = (remote: boolean) => `<!doctype html><html><head><meta charset="utf-8">` +
  `<!--page-head--><title>Courses | NCI</title><link rel="canonical" href="https://nci.test/courses"><meta property="og:site_name" content="NCI &amp; Co"><!--/page-head-->` +
  `<link rel="preload" href="/mf-demo/1.0.0/mf-manifest.json" as="fetch" crossorigin="anonymous"><style>body{margin:0}</style></head>` +
  `<body><div id="root"><header>NCI</header><p>${'Career training that works. '.repeat(40)}</p><div data-remote-slot="mf_demo/Page">${remote ? `${SLOT_START}<p>Loading</p>${SLOT_END}` : ''}</div></div>` +
  `<script type="application/json" id="site-data">{"config":{}}</script></body></html>`;

/**
 * A small published site in a temporary folder: the shell's entry page, config and registry, prerendered pages (one
 * with a remote's slot), and one module version with a hashed chunk and its precompressed twins, its entry and a
 * server build the registry vouches for.
 */
export function writeDeployFixture({ vouched = true, shell = false } = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'institute-site-test-'));
  const version = path.join(root, 'mf-demo', '1.0.0');
  mkdirSync(path.join(version, 'ssr'), { recursive: true });
  mkdirSync(path.join(root, 'pages'));
  const write = (rel: string, text: string | Buffer) => writeFileSync(path.join(root, rel), text);
  if (shell) {
    // A live shell: its entry vouches for its stylesheet, its server build renders the invoice page.
    const main = `/* shell entry */ "${sha384(SHELL_CSS)}"`;
    mkdirSync(path.join(root, 'shell', '9.9.9', 'ssr'), { recursive: true });
    write('shell/9.9.9/page-invoice-pay.css', SHELL_CSS);
    write('shell/9.9.9/main.1a2b3c.js', main);
    write('shell/9.9.9/ssr/prerender.cjs', SHELL_BUILD_SOURCE);
    write('index.html', `<!doctype html><html><head><title>Institute</title></head><body><div id="root"></div><script src="/shell/9.9.9/main.1a2b3c.js" integrity="${sha384(main)}"></script></body></html>\n`);
  } else {
    write('index.html', '<!doctype html><html><head><title>Institute</title><style>body{margin:0}</style></head><body><div id="root"></div></body></html>\n');
  }
  write('config.json', `${JSON.stringify({ apiBaseUrl: API, siteUrl: 'https://nci.test', institute: { name: 'NCI', address: 'a', phone: '1', email: 'e@x.test' } })}\n`);
  write(CHUNK, CHUNK_TEXT);
  write(`${CHUNK}.gz`, gzipSync(CHUNK_TEXT));
  write(`${CHUNK}.br`, brotliCompressSync(CHUNK_TEXT));
  write(`${CHUNK}.map`, '{}');
  write('/mf-demo/1.0.0/remoteEntry.js', 'var mf_demo = {};\n');
  write('/mf-demo/1.0.0/mf-manifest.json', '{"name":"mf_demo","exposes":[]}\n');
  write(SERVER_BUILD, SERVER_BUILD_SOURCE);
  const integrity = { '/mf-demo/1.0.0/remoteEntry.js': sha384('var mf_demo = {};\n'), [SERVER_BUILD]: vouched ? sha384(SERVER_BUILD_SOURCE) : sha384('another build') };
  write('remotes.json', `${JSON.stringify({ mf_demo: '/mf-demo/1.0.0/mf-manifest.json', integrity })}\n`);
  write('pages/home.html', page(false));
  write('pages/courses.html', page(true));
  write('pages/courses_id.html', page(true).replace('/courses"', '/courses/__ROUTE_PARAM_id__"'));
  write('pages/invoices_code_pay.html', `<!doctype html><html><head><meta charset="utf-8"><title>Invoice | NCI</title></head><body><div id="root"><header>NCI</header><h1>Invoice</h1><p>Loading invoice...</p></div>`
    + '<script type="application/json" id="site-data">{"config":{}}</script></body></html>');
  // A shell page with a remote's section below its own content, rendered on the server too (decision 060).
  write('pages/sections.html', page(false).replace('<div data-remote-slot="mf_demo/Page"></div>',
    `<section><h2>Popular</h2><div data-remote-slot="mf_demo/Section">${SLOT_START}<p>Loading</p>${SLOT_END}</div></section>`));
  write('pages/routes.json', JSON.stringify([
    { path: '/invoices/:code/pay', file: 'invoices_code_pay.html', perRequest: true, personal: true },
    { path: '/', file: 'home.html', sitemap: true },
    { path: '/with-section', file: 'sections.html', sections: ['mf_demo/Section'] },
    { path: '/broken-section', file: 'sections.html', sections: ['mf_demo/Section'] },
    { path: '/courses', file: 'courses.html', sitemap: true, remote: 'mf_demo/Page' },
    { path: '/courses/:id', file: 'courses_id.html', remote: 'mf_demo/Page' },
    { path: '/certificates/:code', file: 'courses_id.html', remote: 'mf_demo/Page' },
    { path: '/advising', file: 'courses.html', remote: 'mf_demo/Page', props: { view: 'book' } },
    { path: '/slow', file: 'courses.html', remote: 'mf_demo/Page' },
    { path: '/broken', file: 'courses.html', remote: 'mf_demo/Page' },
  ]));
  writeSiteHeaders(root);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
