import type { Course } from '@institute/shared/contract';
import { EMPTY_VALUES, missingFields, toFormValues, toInput } from './form-values';

const COURSE = {
  _id: 'c-1', title: 'Medical Billing', imgUrl: 'u', price: 1200, duration: '12 weeks', totalHours: '120', credential: 'C',
  preRequisite: 'P', certification: 'X', description: 'D', content: ['One', 'Two'], category: 'Healthcare',
  createdAt: '2024-01-01', __v: 0,
} as unknown as Course;

test('a content array becomes one HTML list, one item a list item, when editing', () => {
  expect(toFormValues(COURSE).content).toBe('<ul><li>One</li><li>Two</li></ul>');
  expect(toFormValues({ ...COURSE, content: '<ul><li>A</li></ul>' }).content).toBe('<ul><li>A</li></ul>');
  expect(toFormValues(COURSE).price).toBe('1200');
});

test('missingFields names every blank required field and a price that is not a number', () => {
  expect(missingFields(EMPTY_VALUES)).toEqual(['title', 'imgUrl', 'price', 'duration', 'totalHours', 'credential', 'preRequisite', 'certification']);
  const filled = toFormValues(COURSE);
  expect(missingFields(filled)).toEqual([]);
  expect(missingFields({ ...filled, title: '  ', price: '-5' })).toEqual(['title', 'price']);
  expect(missingFields({ ...filled, description: '', content: '' })).toEqual([]);
});

test('toInput sends numbers as numbers, trims text and keeps only the entity fields', () => {
  const body = toInput({ ...toFormValues(COURSE), title: '  Billing  ', price: '99.5' }, COURSE);
  expect(body).toMatchObject({ title: 'Billing', price: 99.5, category: 'Healthcare', content: '<ul><li>One</li><li>Two</li></ul>' });
  expect(body).not.toHaveProperty('_id');
  expect(body).not.toHaveProperty('createdAt');
  expect(body).not.toHaveProperty('__v');
  expect(toInput(toFormValues(COURSE))).not.toHaveProperty('category');
});
