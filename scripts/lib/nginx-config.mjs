import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADERS_FILE, headersForPage } from '@institute/site';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'nginx', 'institute.conf.template');
/** The policy the site server gives every file that is not a page (decision 017); nginx sends the same. */
export const ASSET_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
/** Debian's package of the brotli_static module installs it here (libnginx-mod-http-brotli-static). */
const BROTLI_MODULE = process.env.NGINX_BROTLI_MODULE || '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Whether the generated configuration loads brotli_static (and so sends the .br files publish makes). */
export const brotliModuleInstalled = () => existsSync(BROTLI_MODULE);

/** Where the nginx binary is: NGINX_BIN, or Debian's place, or whatever `nginx` the PATH finds. */
export function nginxBinary() {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
}

/** A value as an nginx quoted string. */
const quoted = (value) => `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** `add_header` lines for the shell's index.html as site-headers.json describes it now (the fallback document). */
function documentHeaders(deployDir) {
  let site = null;
  try {
    site = JSON.parse(readFileSync(path.join(deployDir, HEADERS_FILE), 'utf8'));
  } catch {
    // Nothing published yet: the strictest policy the site server also falls back to.
  }
  site ??= { directives: { 'default-src': ["'self'"], 'frame-ancestors': ["'none'"] }, headers: { 'X-Frame-Options': 'DENY' } };
  const headers = { ...headersForPage(site, site.styleHashes?.['index.html'] ?? []), 'X-Content-Type-Options': 'nosniff' };
  return Object.entries(headers).map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`).join('\n');
}

/** The worker user and its group when nginx starts as root (it refuses to run workers as root by default). */
function workerUser(name = process.env.NGINX_USER || 'nobody') {
  if (process.getuid?.() !== 0) return '';
  const group = execFileSync('id', ['-gn', name], { encoding: 'utf8' }).trim();
  return `user ${name} ${group};`;
}

const SITE_PROXY = [
  '      proxy_http_version 1.1;',
  '      proxy_set_header Connection "";',
  '      proxy_set_header Host $http_host;',
  // The visitor's protocol, also behind a TLS load balancer (the template's $institute_forwarded_proto): the site
  // server sends HSTS by it.
  '      proxy_set_header X-Forwarded-Proto $institute_forwarded_proto;',
  '      proxy_connect_timeout 2s;',
  '      proxy_read_timeout 30s;',
].join('\n');

/** An IPv4 or IPv6 address, optionally with a prefix length: nothing else may reach the configuration. */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-fA-F]*:[0-9a-fA-F:.]*(?:\/\d{1,3})?)$/;

/**
 * `TRUSTED_PROXIES`: the addresses (or CIDR ranges) of load balancers in front of nginx, comma or space separated.
 * Empty: nginx is the edge and believes no forwarded header.
 */
export function parseTrustedProxies(value = '') {
  const list = String(value).split(/[\s,]+/).filter(Boolean);
  const bad = list.filter((entry) => !ADDRESS.test(entry));
  if (bad.length) throw new Error(`TRUSTED_PROXIES: not an address or CIDR range: ${bad.join(', ')}`);
  return list;
}

/** The realip lines: behind a named balancer, $remote_addr is the visitor it reports in X-Forwarded-For. */
function realIp(trustedProxies) {
  if (!trustedProxies.length) return '  # No load balancer named (TRUSTED_PROXIES): $remote_addr is the connection\'s own address.';
  return [
    ...trustedProxies.map((address) => `  set_real_ip_from ${address};`),
    '  real_ip_header X-Forwarded-For;',
    // The rightmost address no named balancer added: a visitor cannot choose it by sending X-Forwarded-For.
    '  real_ip_recursive on;',
  ].join('\n');
}

/**
 * The nginx configuration of the production front, from scripts/nginx/institute.conf.template:
 * - `deployDir`: the published site; `siteUpstream`: host:port of the Node site server (documents, SSR)
 * - `apiUpstreams`: host:port of each API instance; `siteListen`, `apiListen`: what nginx listens on
 * - `runtimeDir`: pid file, temp folders (and the error log unless `errorLog` is given)
 * - `trustedProxies`: load balancers in front of nginx whose X-Forwarded-Proto and X-Forwarded-For are believed
 *   (see parseTrustedProxies); none by default
 * @param {{ deployDir: string, runtimeDir: string, siteListen: string, apiListen: string, siteUpstream: string,
 *   apiUpstreams: string[], errorLog?: string, accessLog?: string, trustedProxies?: string[] }} options
 */
export function renderNginxConfig({ deployDir, runtimeDir, siteListen, apiListen, siteUpstream, apiUpstreams, errorLog = undefined, accessLog = undefined, trustedProxies = [] }) {
  if (!apiUpstreams?.length) throw new Error('nginx needs at least one API instance');
  const proxies = parseTrustedProxies(trustedProxies.join(','));
  const brotli = brotliModuleInstalled();
  const values = {
    USER: workerUser(),
    RUNTIME_DIR: runtimeDir,
    ERROR_LOG: errorLog ?? path.join(runtimeDir, 'error.log'),
    ACCESS_LOG: accessLog ? `${accessLog} institute` : 'off',
    LOAD_BROTLI: brotli ? `load_module ${BROTLI_MODULE};` : '# brotli_static: module not installed (libnginx-mod-http-brotli-static); .br files stay unused',
    BROTLI_STATIC: brotli ? '    brotli_static on;' : '',
    API_SERVERS: apiUpstreams.map((server) => `    server ${server} max_fails=1 fail_timeout=5s;`).join('\n'),
    API_TRIES: String(Math.max(2, apiUpstreams.length)),
    API_LISTEN: apiListen,
    SITE_LISTEN: siteListen,
    SITE_UPSTREAM: siteUpstream,
    SITE_PROXY,
    DEPLOY_DIR: path.resolve(deployDir),
    ASSET_POLICY,
    DOCUMENT_HEADERS: documentHeaders(deployDir),
    REAL_IP: realIp(proxies),
    TRUSTED_PROXY_ADDRESSES: proxies.map((address) => `    ${address} 1;`).join('\n'),
  };
  const text = readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (match, name) => {
    if (!(name in values)) throw new Error(`nginx template: no value for ${match}`);
    return values[name];
  });
  return text;
}

/** Writes the configuration into runtimeDir/nginx.conf (creating the folder) and returns the file. */
export function writeNginxConfig(options) {
  mkdirSync(options.runtimeDir, { recursive: true, mode: 0o755 });
  const file = path.join(options.runtimeDir, 'nginx.conf');
  writeFileSync(file, renderNginxConfig(options));
  return file;
}

/** `nginx -t` of a configuration file: resolves with its output, rejects with it when the check fails. */
export function checkNginxConfig(file, runtimeDir = path.dirname(file)) {
  return new Promise((resolve, reject) => {
    const child = spawn(nginxBinary(), ['-t', '-p', runtimeDir, '-c', file, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output.trim()) : reject(new Error(`nginx -t failed:\n${output.trim()}`))));
  });
}

/** Starts nginx in the foreground (`daemon off`), so whoever starts it holds its pid and stops it. */
/** @param {import('node:child_process').StdioOptions} [stdio] */
export function startNginx(file, runtimeDir = path.dirname(file), stdio = ['ignore', 'inherit', 'inherit']) {
  return spawn(nginxBinary(), ['-p', runtimeDir, '-c', file, '-e', 'stderr', '-g', 'daemon off;'], { stdio });
}
