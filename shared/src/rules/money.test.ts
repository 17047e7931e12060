import { formatMoney } from './money';
import { checkProgramPartial, formatPrice } from './payments';

test('whole dollars show with thousands separators and no cents', () => {
  expect(formatMoney(2400)).toBe('$2,400');
  expect(formatMoney(500)).toBe('$500');
  expect(formatMoney(1250000)).toBe('$1,250,000');
  expect(formatMoney(0)).toBe('$0');
});

test('cents show when there are any, always as two digits', () => {
  expect(formatMoney(99.5)).toBe('$99.50');
  expect(formatMoney(1234.56)).toBe('$1,234.56');
  expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
});

test('a text that fixes two decimals gets them on whole dollars too', () => {
  expect(formatMoney(2400, { cents: true })).toBe('$2,400.00');
  expect(formatMoney(10, { cents: true })).toBe('$10.00');
});

test('the program page message names the price in the same format', () => {
  expect(checkProgramPartial(2401, 2400)).toEqual({ ok: false, message: 'Amount cannot exceed program price ($2,400)' });
});

test('formatPrice, kept for the previous release, is formatMoney without the sign', () => {
  expect(formatPrice(2400)).toBe('2,400');
  expect(formatPrice(99.5)).toBe('99.50');
});
