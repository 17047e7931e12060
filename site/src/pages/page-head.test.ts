import { HEAD_END, HEAD_START, pageHead, replacePageHead } from './page-head';

/** The page head in the first HTML keeps plain text as typed and escapes it (issue 28). */
const typed = 'A &lt;b&gt; B <img src=x onerror=alert(1)></script><!--';

it('escapes a typed title in the title, meta tags and structured data', () => {
  const head = pageHead({ title: typed, description: typed, url: 'https://x.test/c/1', siteName: 'NCI', jsonLd: { name: typed } });
  expect(head).toContain('<title>A &amp;lt;b&amp;gt; B &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;!--</title>');
  expect(head).toContain('<meta property="og:title" content="A &amp;lt;b&amp;gt; B &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;!--">');
  expect(head).not.toContain('<img');
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]!;
  expect(json).not.toMatch(/[<>]/);
  expect(JSON.parse(json).name).toBe(typed);
});

it('a page head replaced on the server keeps the typed text and the route\'s canonical URL and site name, unescaped once', () => {
  const page = `<head>${pageHead({ title: 'Courses | N&C', url: 'https://x.test/courses/1?a=1&b=2', siteName: 'N&C "Institute"' })}</head>`;
  const html = replacePageHead(page, { title: typed, description: typed, jsonLd: { name: typed } });
  expect(html).toContain('<title>A &amp;lt;b&amp;gt; B &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;!-- | N&amp;C &quot;Institute&quot;</title>');
  expect(html).toContain('<link rel="canonical" href="https://x.test/courses/1?a=1&amp;b=2">');
  expect(html.indexOf(HEAD_START)).toBeGreaterThanOrEqual(0);
  expect(html.indexOf(HEAD_END)).toBeGreaterThan(0);
});

it('a page without a head block is left as it is', () => {
  expect(replacePageHead('<head><title>x</title></head>', { title: 'y' })).toBe('<head><title>x</title></head>');
});

test('a page kept out of search results says so; others do not', () => {
  expect(pageHead({ title: 'Certificate verification', noindex: true })).toContain('<meta name="robots" content="noindex">');
  expect(pageHead({ title: 'Courses' })).not.toContain('robots');
});
