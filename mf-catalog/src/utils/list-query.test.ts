import { readListQuery } from './list-query';

describe('list query', () => {
  it('reads category, words and a known sort from the URL, ignoring unknown sorts and blanks', () => {
    expect(readListQuery(new URLSearchParams('category=Healthcare&q=+med+&sort=price-desc'))).toEqual({ category: 'Healthcare', q: 'med', sort: 'price-desc' });
    expect(readListQuery(new URLSearchParams('category=&sort=cheapest'))).toEqual({ category: undefined, q: undefined, sort: undefined });
  });

  it('ignores how far the list was read: that is the list’s own state, not a filter', () => {
    expect(readListQuery(new URLSearchParams('sort=name&shown=48'))).toEqual({ category: undefined, q: undefined, sort: 'name' });
  });
});
