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
exports.render = async ({ expose, url }) => {
  if (url.startsWith('/slow')) return new Promise(() => {});
  if (url.startsWith('/broken')) throw new Error('the API is down');
  return { html: '<link rel="preload" as="image" href="/a.jpg"><h1>Rendered ' + expose + ' at ' + url + '</h1>', state: [{ key: ['x'], data: 1 }],
    head: url.startsWith('/courses/') ? { title: 'Course <1>', description: 'About it' } : undefined,
    status: url.startsWith('/courses/missing') ? 404 : undefined };
};
`;

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
export function writeDeployFixture({ vouched = true } = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'institute-site-test-'));
  const version = path.join(root, 'mf-demo', '1.0.0');
  mkdirSync(path.join(version, 'ssr'), { recursive: true });
  mkdirSync(path.join(root, 'pages'));
  const write = (rel: string, text: string | Buffer) => writeFileSync(path.join(root, rel), text);
  write('index.html', '<!doctype html><html><head><title>Institute</title><style>body{margin:0}</style></head><body><div id="root"></div></body></html>\n');
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
  write('pages/routes.json', JSON.stringify([
    { path: '/', file: 'home.html', sitemap: true },
    { path: '/courses', file: 'courses.html', sitemap: true, remote: 'mf_demo/Page' },
    { path: '/courses/:id', file: 'courses_id.html', remote: 'mf_demo/Page' },
    { path: '/slow', file: 'courses.html', remote: 'mf_demo/Page' },
    { path: '/broken', file: 'courses.html', remote: 'mf_demo/Page' },
  ]));
  writeSiteHeaders(root);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
