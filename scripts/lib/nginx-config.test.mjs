// node --test: the nginx configuration generated from scripts/nginx/institute.conf.template (decision 019).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkNginxConfig, nginxBinary, renderNginxConfig, writeNginxConfig } from './nginx-config.mjs';

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
