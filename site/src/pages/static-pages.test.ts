import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inlineStyleTexts } from '../headers/site-headers';
import { writeStaticPages } from './static-pages';

/** The static policy pages the footer links (/privacy-policy.html, /terms-and-conditions.html). */
const root = mkdtempSync(path.join(os.tmpdir(), 'institute-static-pages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const doc = (title: string) => ({ title, updated: '2026-01-02', intro: ['{institute} says hello.'], sections: [{ heading: 'Contact', contact: true }] });
mkdirSync(path.join(root, 'shell', '1.0.0'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), '<script src="/shell/1.0.0/main.js"></script>');
writeFileSync(path.join(root, 'shell', '1.0.0', 'policy-pages.json'), JSON.stringify({
  'privacy-policy': doc('Privacy Policy'), 'terms-and-conditions': doc('Terms and Conditions'),
}));
const institute = { name: 'Northbridge <&>', email: 'a@b.example', phone: '+1 555 0100', address: '1 Main St' };
const page = (name: string) => readFileSync(path.join(root, `${name}.html`), 'utf8');
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

it('each copy names its app route as canonical, from the configured site URL', () => {
  writeFileSync(path.join(root, 'config.json'), JSON.stringify({ siteUrl: 'https://www.northbridge.example', institute }));
  expect(writeStaticPages(root)).toHaveLength(2);
  expect(canonical(page('privacy-policy'))).toBe('https://www.northbridge.example/privacy-policy');
  expect(canonical(page('terms-and-conditions'))).toBe('https://www.northbridge.example/terms-and-conditions');
  // One style element still, so the one hash site-headers.json records for the page keeps matching.
  expect(inlineStyleTexts(page('privacy-policy'))).toHaveLength(1);
  expect(page('privacy-policy')).toContain('<p>Northbridge &lt;&amp;&gt; says hello.</p>');
});

it('without a site URL there is no canonical, as on the prerendered pages', () => {
  writeFileSync(path.join(root, 'config.json'), JSON.stringify({ institute }));
  writeStaticPages(root);
  expect(canonical(page('privacy-policy'))).toBeUndefined();
  expect(page('privacy-policy')).toMatch(/<h1>Privacy Policy<\/h1>/);
});
