import type { SiteConfig } from '../deploy-folder';
import { contentSecurityPolicy, serializePolicy } from './csp';

const config = (extra: Partial<SiteConfig> = {}): SiteConfig => ({
  apiBaseUrl: 'https://api.nci.test', institute: { name: 'NCI', address: 'a', phone: '1', email: 'e' }, ...extra,
});

it('scripts from the site, its remotes on other origins and the payment SDK only', () => {
  const csp = contentSecurityPolicy(config({ paypal: { sdkBaseUrl: 'https://www.paypal.com/sdk/js' } }), {
    shell: '/shell/1/mf-manifest.json', mf_catalog: 'https://cdn.nci.test/mf-catalog/2/mf-manifest.json', integrity: { '/x': 'sha384-y' },
  });
  expect(csp['script-src']).toEqual(["'self'", 'https://cdn.nci.test', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
  expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://api.nci.test', 'https://cdn.nci.test']));
  expect(csp['report-uri']).toEqual(['https://api.nci.test/api/csp-reports']);
});

it('a sandbox stands for every provider with its own origin; a bad URL adds nothing', () => {
  const csp = contentSecurityPolicy(config({ paypal: { sdkBaseUrl: 'http://localhost:4010/sdk/js' }, cloudinary: { uploadBaseUrl: 'javascript:alert(1)' }, mapEmbedUrl: 'not a url' }), {});
  expect(csp['script-src']).toEqual(["'self'", 'http://localhost:4010']);
  expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://api.nci.test', 'http://localhost:4010']);
  expect(csp['frame-src']).toEqual(['http://localhost:4010', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
});

it('serializes an empty list as none', () => {
  expect(serializePolicy({ 'default-src': ["'self'"], 'object-src': [] })).toBe("default-src 'self'; object-src 'none'");
});
