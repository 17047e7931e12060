// node --test: the static policy pages the footer links (/privacy-policy.html, /terms-and-conditions.html).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { inlineStyleTexts } from './site-headers.mjs';
import { writeStaticPages } from './static-pages.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'institute-static-pages-'));
after(() => rmSync(root, { recursive: true, force: true }));

const doc = (title) => ({ title, updated: '2026-01-02', intro: ['{institute} says hello.'], sections: [{ heading: 'Contact', contact: true }] });
mkdirSync(path.join(root, 'shell', '1.0.0'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), '<script src="/shell/1.0.0/main.js"></script>');
writeFileSync(path.join(root, 'shell', '1.0.0', 'policy-pages.json'), JSON.stringify({
  'privacy-policy': doc('Privacy Policy'), 'terms-and-conditions': doc('Terms and Conditions'),
}));
const institute = { name: 'Northbridge', email: 'a@b.example', phone: '+1 555 0100', address: '1 Main St' };
const page = (name) => readFileSync(path.join(root, `${name}.html`), 'utf8');
const canonical = (html) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

test('each copy names its app route as canonical, from the configured site URL', () => {
  writeFileSync(path.join(root, 'config.json'), JSON.stringify({ siteUrl: 'https://www.northbridge.example', institute }));
  assert.equal(writeStaticPages(root).length, 2);
  assert.equal(canonical(page('privacy-policy')), 'https://www.northbridge.example/privacy-policy');
  assert.equal(canonical(page('terms-and-conditions')), 'https://www.northbridge.example/terms-and-conditions');
  // One style element still, so the one hash site-headers.json records for the page keeps matching.
  assert.equal(inlineStyleTexts(page('privacy-policy')).length, 1);
});

test('without a site URL there is no canonical, as on the prerendered pages', () => {
  writeFileSync(path.join(root, 'config.json'), JSON.stringify({ institute }));
  writeStaticPages(root);
  assert.equal(canonical(page('privacy-policy')), undefined);
  assert.match(page('privacy-policy'), /<h1>Privacy Policy<\/h1>/);
});
