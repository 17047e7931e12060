import { contentItems, sanitizeHtml } from './index';

test('script, event handlers and javascript: links are removed', () => {
  const html = sanitizeHtml('<p onclick="x()">Hi<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a></p>');
  expect(html).not.toMatch(/onclick|onerror|<script|javascript:/);
  expect(html).toContain('<p>Hi');
});

test('content as an array of strings or of markup strings, or as one list of <li>s', () => {
  expect(contentItems(['Anatomy basics', '<b>Patient care</b>'])).toEqual(['Anatomy basics', '<b>Patient care</b>']);
  expect(contentItems('<ul><li>One</li><li><em>Two</em></li></ul>')).toEqual(['One', '<em>Two</em>']);
  expect(contentItems('<p>Only a paragraph</p>')).toEqual(['<p>Only a paragraph</p>']);
  expect(contentItems(undefined)).toEqual([]);
});
