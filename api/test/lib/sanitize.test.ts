import { plainText, richContent, richText } from '../../src/lib/sanitize';

describe('richText', () => {
  it('keeps basic formatting, lists and safe links', () => {
    const html = '<h2>Plan</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>One</li></ul><ol><li>Two</li></ol><a href="https://x.example" title="t">x</a><a href="mailto:a@b.co">m</a>';
    expect(richText(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<style>body{}</style>ok', 'ok'],
    ['<p onclick="steal()" style="color:red">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,x">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<form action="https://evil.example"><input name="p"></form>', ''],
    ['<a href="https://x.example" target="_blank">x</a>', '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>'],
  ])('neutralises %s', (input, output) => {
    expect(richText(input)).toBe(output);
  });

  it('sanitises each item of an array and drops empty ones', () => {
    expect(richContent(['<b>a</b>', '<script>x</script>', 'c'])).toEqual(['<b>a</b>', 'c']);
    expect(richContent('<i>x</i><script>y</script>')).toBe('<i>x</i>');
  });
});

describe('plainText', () => {
  it.each([
    'A &lt;b&gt; B',
    '<img src=x onerror=alert(1)>',
    '<b>Q&A</b>: 3 < 5 & "quotes" \'too\'',
    '&amp;lt;',
    'line one\nline two',
    '<script>alert(1)</script>',
  ])('keeps %s exactly as typed', (text) => {
    expect(plainText(text)).toBe(text);
  });

  it('drops only the whitespace around the text', () => {
    expect(plainText('  Title \n')).toBe('Title');
  });
});
