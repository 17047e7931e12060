import { excerptWords, formatDate, stripMarkup, titleStartsWith } from './text';

test('dates read dd.mm.yyyy', () => {
  expect(formatDate('2026-03-07T10:00:00')).toBe('07.03.2026');
  expect(formatDate('not a date')).toBe('');
});

test('excerpts cut to N words plus an ellipsis, only when longer', () => {
  expect(excerptWords('one two three four', 3)).toBe('one two three...');
  expect(excerptWords('one two three', 3)).toBe('one two three');
});

test('markup is stripped for previews, scripts included', () => {
  expect(stripMarkup('<p>Hello <b>nurse</b></p><script>alert(1)</script>&amp; more')).toBe('Hello nurse & more');
});

test('the header search matches titles by their start, in any case', () => {
  expect(titleStartsWith('Medical Billing', 'med')).toBe(true);
  expect(titleStartsWith('Medical Billing', 'MEDICAL b')).toBe(true);
  expect(titleStartsWith('Medical Billing', 'billing')).toBe(false);
  expect(titleStartsWith('Medical Billing', '  ')).toBe(false);
});
