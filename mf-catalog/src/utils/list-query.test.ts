import { applyListQuery, categoriesOf, durationInDays, readListQuery } from './list-query';
import { makeCourse } from '../testing/fixtures';

const COURSES = [
  makeCourse({ _id: 'a', title: 'Pharmacy Technician', price: 1200, duration: '12 weeks', category: 'Healthcare' }),
  makeCourse({ _id: 'b', title: 'cloud security', price: 499, duration: '6 weeks', category: 'Networking' }),
  makeCourse({ _id: 'c', title: 'Medical Assistant', price: 2400, duration: '4 months', category: 'Healthcare' }),
  makeCourse({ _id: 'd', title: 'CPR Basics', price: 120, duration: '1 weekend' }),
];
const ids = (list: { _id: string }[]) => list.map((c) => c._id);

describe('list query', () => {
  it('reads category, words and a known sort from the URL, ignoring unknown sorts and blanks', () => {
    expect(readListQuery(new URLSearchParams('category=Healthcare&q=+med+&sort=price-desc'))).toEqual({ category: 'Healthcare', q: 'med', sort: 'price-desc' });
    expect(readListQuery(new URLSearchParams('category=&sort=cheapest'))).toEqual({ category: undefined, q: undefined, sort: undefined });
  });

  it('filters by category (any case) and by every search word in title or category', () => {
    expect(ids(applyListQuery(COURSES, { category: 'healthcare' }))).toEqual(['a', 'c']);
    expect(ids(applyListQuery(COURSES, { q: 'Security CLOUD' }))).toEqual(['b']);
    expect(ids(applyListQuery(COURSES, { q: 'health' }))).toEqual(['a', 'c']);
    expect(ids(applyListQuery(COURSES, { category: 'Networking', q: 'pharmacy' }))).toEqual([]);
  });

  it('sorts by name, price both ways and duration, leaving the API order without a sort', () => {
    expect(ids(applyListQuery(COURSES, {}))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(applyListQuery(COURSES, { sort: 'name' }))).toEqual(['b', 'd', 'c', 'a']);
    expect(ids(applyListQuery(COURSES, { sort: 'price-asc' }))).toEqual(['d', 'b', 'a', 'c']);
    expect(ids(applyListQuery(COURSES, { sort: 'price-desc' }))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(applyListQuery(COURSES, { sort: 'duration' }))).toEqual(['d', 'b', 'a', 'c']);
  });

  it('reads free-text durations in days, unreadable ones last', () => {
    expect(durationInDays('16 weeks')).toBe(112);
    expect(durationInDays('1 weekend')).toBe(2);
    expect(durationInDays('3 Months')).toBe(90);
    expect(durationInDays('self-paced')).toBe(Number.POSITIVE_INFINITY);
  });

  it('lists the categories present, sorted', () => {
    expect(categoriesOf(COURSES)).toEqual(['Healthcare', 'Networking']);
  });
});
