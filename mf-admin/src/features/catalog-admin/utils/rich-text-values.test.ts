import { fromEditorHtml, isMarkup, joinContent, toEditorHtml } from './rich-text-values';

test('content items are joined as one list, each item a list item', () => {
  expect(joinContent(['Coding basics', 'Claims'])).toBe('<ul><li>Coding basics</li><li>Claims</li></ul>');
  expect(joinContent([])).toBe('');
  expect(joinContent(['', '  '])).toBe('');
  expect(joinContent([' Spaced ', ''])).toBe('<ul><li>Spaced</li></ul>');
});

test('items that are markup stay markup; plain items are escaped so they stay text', () => {
  expect(joinContent(['<strong>HIPAA</strong> basics', 'Q&A: 2 > 1'])).toBe(
    '<ul><li><strong>HIPAA</strong> basics</li><li>Q&amp;A: 2 &gt; 1</li></ul>',
  );
  expect(joinContent(['a < b', '<p>Para</p>'])).toBe('<ul><li>a &lt; b</li><li><p>Para</p></li></ul>');
  expect(joinContent(['"Q" & A'])).toBe('<ul><li>&quot;Q&quot; &amp; A</li></ul>');
  // Already list items: not wrapped a second time.
  expect(joinContent(['<li>One</li>', 'Two'])).toBe('<ul><li>One</li><li>Two</li></ul>');
});

test('isMarkup recognises tags, not a lone angle bracket', () => {
  expect(isMarkup('<p>x</p>')).toBe(true);
  expect(isMarkup('line<br/>break')).toBe(true);
  expect(isMarkup('a < b and c > d')).toBe(false);
  expect(isMarkup('3 <5')).toBe(false);
});

test('plain text with line breaks opens in the editor as paragraphs; markup passes through', () => {
  expect(toEditorHtml('First line\nSecond & last\r\n\n')).toBe('<p>First line</p><p>Second &amp; last</p>');
  expect(toEditorHtml('<p>Learn <em>billing</em></p>')).toBe('<p>Learn <em>billing</em></p>');
  expect(toEditorHtml('')).toBe('');
});

test('what the editor gives back: empty means "", trailing empty paragraphs are dropped', () => {
  expect(fromEditorHtml('<p></p>', true)).toBe('');
  expect(fromEditorHtml('<ul><li><p>A</p></li></ul><p></p><p></p>', false)).toBe('<ul><li><p>A</p></li></ul>');
  expect(fromEditorHtml('<p></p><p>Kept</p>', false)).toBe('<p></p><p>Kept</p>');
});
