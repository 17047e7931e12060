import { checkoutPrice, checkProgramPartial, defaultPartialAmount, dueAmount, partialAllowed, partialProblem } from './payments';

test('partial payment is offered only above $500', () => {
  expect(partialAllowed(500)).toBe(false);
  expect(partialAllowed(500.01)).toBe(true);
  expect(partialAllowed(1200)).toBe(true);
});

test('one partial-amount rule for both pages: at least $500, at most what is due', () => {
  expect(partialProblem(499.99, 1200)).toBe('too-low');
  expect(partialProblem(Number.NaN, 1200)).toBe('too-low');
  expect(partialProblem(500, 1200)).toBeNull();
  expect(partialProblem(1200, 1200)).toBeNull();
  expect(partialProblem(1200.01, 1200)).toBe('too-high');
});

test('program partial amounts: the spec messages at both bounds', () => {
  expect(checkProgramPartial(499.99, 1200)).toEqual({ ok: false, message: 'Minimum amount is $500' });
  expect(checkProgramPartial(Number.NaN, 1200)).toEqual({ ok: false, message: 'Minimum amount is $500' });
  expect(checkProgramPartial(1201, 1200)).toEqual({ ok: false, message: 'Amount cannot exceed program price ($1,200)' });
  expect(checkProgramPartial(500, 1200)).toEqual({ ok: true });
  expect(checkProgramPartial(1200, 1200)).toEqual({ ok: true });
});

test('the default partial amount is the price clamped to at least 500', () => {
  expect(defaultPartialAmount(300)).toBe(500);
  expect(defaultPartialAmount(1200)).toBe(1200);
});

test('due amount never goes negative and has no floating-point noise', () => {
  expect(dueAmount(1200, 600)).toBe(600);
  expect(dueAmount(1200, 1500)).toBe(0);
  expect(dueAmount(0.3, 0.1)).toBe(0.2);
});

test('checkout price shows 2 decimals and falls back to 10.00', () => {
  expect(checkoutPrice(1200)).toBe('1200.00');
  expect(checkoutPrice('99.5')).toBe('99.50');
  expect(checkoutPrice(undefined)).toBe('10.00');
  expect(checkoutPrice('abc')).toBe('10.00');
  expect(checkoutPrice(Number.NaN)).toBe('10.00');
});
