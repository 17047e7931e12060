// node --test: the nginx configuration generated from scripts/nginx/institute.conf.template (decision 019).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkNginxConfig, nginxBinary, parseTrustedProxies, renderNginxConfig, startNginx, writeNginxConfig } from './nginx-config.mjs';
import { createSiteServer } from '@institute/site';

const dir = mkdtempSync(path.join(os.tmpdir(), 'institute-nginx-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const options = {
  deployDir: dir, runtimeDir: path.join(dir, 'run'), siteListen: '127.0.0.1:3999', apiListen: '127.0.0.1:4999',
  siteUpstream: '127.0.0.1:3998', apiUpstreams: ['127.0.0.1:4997', '127.0.0.1:4998'],
};

test('every placeholder is filled and every API instance is an upstream server', () => {
  const text = renderNginxConfig(options);
  assert.doesNotMatch(text, /\{\{/);
  assert.match(text, /server 127\.0\.0\.1:4997 max_fails=1 fail_timeout=5s;\n\s+server 127\.0\.0\.1:4998 max_fails=1/);
  assert.match(text, new RegExp(`root ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')};`));
});

test('only requests that are safe to repeat go to another instance', () => {
  const [directive] = renderNginxConfig(options).match(/proxy_next_upstream [^;]*;/);
  assert.equal(directive, 'proxy_next_upstream error timeout http_502 http_503 http_504;');
  assert.doesNotMatch(directive, /non_idempotent/);
});

test('the fallback document carries the CSP site-headers.json gives index.html, quotes escaped', () => {
  writeFileSync(path.join(dir, 'site-headers.json'), JSON.stringify({
    directives: { 'default-src': ["'self'"], 'style-src-elem': ["'self'"] },
    headers: { 'Permissions-Policy': 'payment=(self "https://pay.example")' },
    styleHashes: { 'index.html': ["'sha256-abc='"] },
  }));
  const text = renderNginxConfig(options);
  assert.match(text, /add_header Content-Security-Policy "default-src 'self'; style-src-elem 'self' 'sha256-abc='" always;/);
  assert.match(text, /add_header Permissions-Policy "payment=\(self \\"https:\/\/pay\.example\\"\)" always;/);
});

test('there is at least one API instance', () => {
  assert.throws(() => renderNginxConfig({ ...options, apiUpstreams: [] }), /at least one API instance/);
});

const haveNginx = spawnSync(nginxBinary(), ['-v']).status === 0;
test('nginx -t accepts the generated configuration', { skip: haveNginx ? false : 'nginx is not installed (CI installs it)' }, async () => {
  const output = await checkNginxConfig(writeNginxConfig(options));
  assert.match(output, /test is successful/);
});

test('TRUSTED_PROXIES takes addresses and CIDR ranges only: nothing else reaches the configuration', () => {
  assert.deepEqual(parseTrustedProxies(' 10.0.0.0/8, 192.0.2.7 2001:db8::/32,::1 '), ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1']);
  assert.deepEqual(parseTrustedProxies(''), []);
  assert.throws(() => parseTrustedProxies('10.0.0.1; include /etc/passwd'), /not an address/);
  assert.throws(() => renderNginxConfig({ ...options, trustedProxies: ['lb.example'] }), /not an address/);
});

test('without a named load balancer no forwarded header is believed', () => {
  const text = renderNginxConfig(options);
  assert.doesNotMatch(text, /set_real_ip_from/);
  assert.match(text, /geo \$realip_remote_addr \$institute_via_proxy \{\s+default 0;\s+\}/);
  // Both upstreams hear the protocol from the one decision that also drives nginx's own HSTS.
  assert.equal(text.match(/X-Forwarded-Proto \$scheme/g), null);
  assert.ok(text.match(/proxy_set_header X-Forwarded-Proto \$institute_forwarded_proto;/g).length >= 6);
});

/** A port free on 127.0.0.1 right now. */
const freePort = () => new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    server.close(() => resolve(port));
  });
});
const get = (url, headers = {}) => new Promise((resolve, reject) => {
  http.get(url, { headers, agent: false }, (res) => {
    let body = '';
    res.on('data', (chunk) => { body += chunk; });
    res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
  }).on('error', reject);
});

/**
 * nginx on a generated configuration in front of the real site server and an API stand-in that answers with the
 * forwarded headers it received; `fn` gets the site and API URLs.
 */
async function withFront(trustedProxies, fn) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'institute-nginx-front-'));
  try {
    chmodSync(root, 0o755); // nginx's workers run as an unprivileged user when the tests run as root
    const deploy = path.join(root, 'deploy');
    mkdirSync(deploy, { mode: 0o755 });
    writeFileSync(path.join(deploy, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(deploy, 'remotes.json'), '{}');
    const site = createSiteServer(deploy);
    const api = http.createServer((req, res) => res.end(JSON.stringify({ proto: req.headers['x-forwarded-proto'], for: req.headers['x-forwarded-for'] })));
    const [sitePort, apiPort, siteListen, apiListen] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    api.listen(apiPort, '127.0.0.1');
    await Promise.all([site.listen({ port: sitePort, host: '127.0.0.1' }), once(api, 'listening')]);
    const runtimeDir = path.join(root, 'run');
    const file = writeNginxConfig({
      deployDir: deploy, runtimeDir, siteListen: `127.0.0.1:${siteListen}`, apiListen: `127.0.0.1:${apiListen}`,
      siteUpstream: `127.0.0.1:${sitePort}`, apiUpstreams: [`127.0.0.1:${apiPort}`], trustedProxies,
    });
    const nginx = startNginx(file, runtimeDir, ['ignore', 'ignore', 'pipe']);
    try {
      for (let i = 0; ; i++) {
        try {
          await get(`http://127.0.0.1:${siteListen}/remotes.json`);
          break;
        } catch (error) {
          if (i > 100 || nginx.exitCode !== null) throw error;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await fn({ site: `http://127.0.0.1:${siteListen}`, api: `http://127.0.0.1:${apiListen}` });
    } finally {
      nginx.kill('SIGTERM');
      if (nginx.exitCode === null) await once(nginx, 'exit');
      api.closeAllConnections();
      await Promise.all([site.close(), new Promise((r) => api.close(r))]);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const HSTS = 'max-age=31536000; includeSubDomains';
const skipNginx = { skip: haveNginx ? false : 'nginx is not installed (CI installs it)' };

test('behind a named TLS load balancer, pages, files and the API all know the visitor came over https', skipNginx, async () => {
  // The test's own connections come from 127.0.0.1: here they play the load balancer.
  await withFront(['127.0.0.1'], async ({ site, api }) => {
    const fromBalancer = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
    assert.equal((await get(`${site}/`, fromBalancer)).headers['strict-transport-security'], HSTS, 'a page (the site server)');
    assert.equal((await get(`${site}/remotes.json`, fromBalancer)).headers['strict-transport-security'], HSTS, 'a file (nginx itself)');
    assert.deepEqual(JSON.parse((await get(`${api}/x`, fromBalancer)).body), { proto: 'https', for: '203.0.113.7' });

    // The balancer's plain-http listener, a value that is neither, or no header: the connection's own scheme.
    for (const proto of ['http', 'https, http', 'javascript', undefined]) {
      const headers = proto ? { 'x-forwarded-proto': proto } : {};
      assert.equal((await get(`${site}/`, headers)).headers['strict-transport-security'], undefined, `page, ${proto}`);
      assert.equal((await get(`${site}/remotes.json`, headers)).headers['strict-transport-security'], undefined, `file, ${proto}`);
      assert.equal(JSON.parse((await get(`${api}/x`, headers)).body).proto, 'http', `API, ${proto}`);
    }
  });
});

for (const [what, trusted] of [['no load balancer named', []], ['a load balancer at another address', ['192.0.2.0/24']]]) {
  test(`with ${what}, a client's forwarded headers change nothing`, skipNginx, async () => {
    await withFront(trusted, async ({ site, api }) => {
      const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
      assert.equal((await get(`${site}/`, forged)).headers['strict-transport-security'], undefined);
      assert.equal((await get(`${site}/remotes.json`, forged)).headers['strict-transport-security'], undefined);
      assert.deepEqual(JSON.parse((await get(`${api}/x`, forged)).body), { proto: 'http', for: '127.0.0.1' });
    });
  });
}
