// nginx in front of the published site (decision 019): static files from deploy/ with the cache rules of
// docs/deployment.md and the headers the Node site server sends, precompressed files as they were made at publish,
// documents and routes from the site server (per-page CSP), and the shell when the site server is down.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliModuleInstalled } from '../../scripts/lib/nginx-config.mjs';
import { startCluster } from './lib/stack.mjs';

/** A GET whose body is kept as sent (no decompression), with the headers. */
function raw(url, headers = {}) {
  return new Promise((resolve) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', (error) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error }));
  });
}

const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'cache-control', 'access-control-allow-origin', 'permissions-policy', 'referrer-policy', 'cross-origin-opener-policy'];
const pick = (headers) => Object.fromEntries(SECURITY.map((name) => [name, headers[name]]));

export default {
  name: 'cluster-site',
  description: 'nginx serves deploy/ (cache rules, headers, precompressed files, SPA fallback) beside the site server',
  timeoutMs: 90_000,
  async run(ctx) {
    const stack = await startCluster(ctx, { instances: 1 });
    const { site, siteServerUrl, deployDir } = stack;
    const same = async (url, what, headers = {}) => {
      const [viaNginx, direct] = [await raw(`${site}${url}`, headers), await raw(`${siteServerUrl}${url}`, headers)];
      ctx.check(viaNginx.status === direct.status, `${what}: nginx ${viaNginx.status}, site server ${direct.status}`);
      ctx.check(JSON.stringify(pick(viaNginx.headers)) === JSON.stringify(pick(direct.headers)),
        `${what}: the same security and cache headers as the site server\n    nginx: ${JSON.stringify(pick(viaNginx.headers))}\n    site:  ${JSON.stringify(pick(direct.headers))}`);
      return viaNginx;
    };

    const chunk = '/mf-demo/1.0.0/main.3f2a1b9c.js';
    const gz = await same(chunk, 'a hashed chunk', { 'accept-encoding': 'gzip' });
    ctx.check(gz.headers['cache-control'] === 'public, max-age=31536000, immutable, no-transform', `hashed chunk cached forever (${gz.headers['cache-control']})`);
    ctx.check(gz.headers['content-encoding'] === 'gzip' && gz.body.equals(readFileSync(path.join(deployDir, `${chunk}.gz`))),
      'the chunk is sent as the .gz made at publish (gzip_static), byte for byte');
    ctx.check(existsSync(path.join(deployDir, `${chunk}.br`)), 'publish made a .br beside it');
    const br = await raw(`${site}${chunk}`, { 'accept-encoding': 'br, gzip' });
    if (brotliModuleInstalled()) {
      ctx.check(br.headers['content-encoding'] === 'br' && br.body.equals(readFileSync(path.join(deployDir, `${chunk}.br`))), 'brotli_static sends the .br made at publish, byte for byte');
      ctx.report('brotli: served from the .br made at publish');
    } else {
      ctx.check(br.headers['content-encoding'] === 'gzip', 'without the brotli module a br-capable client gets the .gz');
      ctx.report('brotli: nginx has no brotli_static module here (libnginx-mod-http-brotli-static); the .gz is served');
    }
    const plain = await raw(`${site}${chunk}`);
    ctx.check(plain.status === 200 && !plain.headers['content-encoding'] && plain.body.equals(readFileSync(path.join(deployDir, chunk))), 'identity for a client without gzip');
    ctx.check(gz.headers.vary === 'Accept-Encoding', `Vary: Accept-Encoding (${gz.headers.vary})`);

    const entry = await same('/mf-demo/1.0.0/remoteEntry.js', 'a remote entry', { 'accept-encoding': 'gzip' });
    ctx.check(entry.headers['cache-control'] === 'no-cache, no-transform', `remoteEntry.js is no-cache (${entry.headers['cache-control']})`);
    const registry = await same('/remotes.json', 'the registry', { 'accept-encoding': 'gzip' });
    // Answered per visitor by the site server (live, preview or canary: decision 039), so no shared cache may keep it.
    ctx.check(registry.headers['cache-control'] === 'private, no-cache, no-transform', `remotes.json is private and no-cache (${registry.headers['cache-control']})`);
    ctx.check(registry.headers['content-encoding'] === 'gzip', 'remotes.json is gzipped on the fly (never a stale .gz)');

    const route = await same('/courses', 'a route of the app');
    ctx.check(route.status === 200 && /<div id="root">/.test(route.body.toString('utf8')), 'a route answers the shell');
    ctx.check(/'sha256-[^']+'/.test(route.headers['content-security-policy'] ?? ''), 'the document CSP carries its inline style hash (made by the site server)');
    await same('/', 'the home page');
    await same('/privacy-policy.html', 'a missing document');

    for (const hidden of ['/mf-demo/1.0.0/ssr/prerender.cjs', '/mf-demo/1.0.0/main.3f2a1b9c.js.map', `${chunk}.gz`, '/mf-demo/1.0.0/nope.js']) {
      const res = await raw(`${site}${hidden}`);
      ctx.check(res.status === 404, `${hidden}: 404 (got ${res.status})`);
    }

    // The site server goes away: routes still get the shell from nginx, with the site's document headers.
    await stack.siteServer.close();
    const fallback = await raw(`${site}/courses`);
    ctx.check(fallback.status === 200 && fallback.body.equals(readFileSync(path.join(deployDir, 'index.html'))), `with the site server down a route gets index.html from nginx (${fallback.status})`);
    ctx.check(fallback.headers['content-security-policy'] === route.headers['content-security-policy'], 'with the same CSP as the site server gave it');
    ctx.report('static files: cache rules, headers and encodings as the site server; documents from the site server; shell as fallback');
  },
};
