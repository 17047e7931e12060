// node --test: the page head in the first HTML keeps plain text as typed and escapes it (issue 28).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HEAD_END, HEAD_START, pageHead, replacePageHead } from './page-head.mjs';

const typed = 'A &lt;b&gt; B <img src=x onerror=alert(1)></script><!--';

test('escapes a typed title in the title, meta tags and structured data', () => {
  const head = pageHead({ title: typed, description: typed, url: 'https://x.test/c/1', siteName: 'NCI', jsonLd: { name: typed } });
  assert.ok(head.includes('<title>A &amp;lt;b&amp;gt; B &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;!--</title>'));
  assert.ok(head.includes('<meta property="og:title" content="A &amp;lt;b&amp;gt; B &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;!--">'));
  assert.ok(!head.includes('<img'), 'no markup from the text');
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)[1];
  assert.ok(!json.includes('<') && !json.includes('>'), 'nothing in the JSON can close its script element');
  assert.equal(JSON.parse(json).name, typed, 'the structured data reads back exactly as typed');
});

test('a page head replaced on the server keeps the typed text and the route\'s canonical URL', () => {
  const page = `<head>${pageHead({ title: 'Courses | NCI', url: 'https://x.test/courses/1', siteName: 'NCI' })}</head>`;
  const html = replacePageHead(page, { title: typed, description: typed, jsonLd: { name: typed } });
  assert.ok(html.includes('<title>A &amp;lt;b&amp;gt; B &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;!-- | NCI</title>'));
  assert.ok(html.includes('<link rel="canonical" href="https://x.test/courses/1">'));
  assert.equal(html.indexOf(HEAD_START) >= 0 && html.indexOf(HEAD_END) > 0, true);
});
