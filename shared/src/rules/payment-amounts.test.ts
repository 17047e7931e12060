import { balanceOf, checkAmount, formatCents, hasPaid, MIN_PARTIAL, MIN_PARTIAL_CENTS, MIN_PARTIAL_TEXT } from './payment-amounts';

describe('checkAmount (decision 007)', () => {
  const ok = { ok: true };
  const cases: [string, number, number, number, object][] = [
    ['full price', 1200, 0, 1200, ok],
    ['minimum partial', 1200, 0, 500, ok],
    ['partial with cents', 1200, 0, 650.5, ok],
    ['below the minimum', 1200, 0, 499.99, { ok: false, reason: 'below-minimum' }],
    ['above the price', 1200, 0, 1200.01, { ok: false, reason: 'above-due', message: 'Amount cannot exceed program price ($1,200).' }],
    ['full price of a cheap program', 300, 0, 300, ok],
    ['partial of a cheap program', 300, 0, 200, { ok: false, reason: 'partial-not-allowed' }],
    ['partial at exactly $500', 500, 0, 499, { ok: false, reason: 'partial-not-allowed' }],
    ['full at exactly $500', 500, 0, 500, ok],
    ['$500 on $501', 501, 0, 500, ok],
    ['the balance after a partial', 1200, 500, 700, ok],
    ['a partial of the balance', 1200, 500, 500, ok],
    ['above the balance', 1200, 500, 701, { ok: false, reason: 'above-due', message: 'Amount cannot exceed the amount due ($700).' }],
    ['below the minimum, not the balance', 1200, 500, 400, { ok: false, reason: 'below-minimum', message: 'Partial payment must be at least $500, or the full amount due ($700).' }],
    ['a balance under $500', 1200, 1000, 200, ok],
    ['part of a balance under $500', 1200, 1000, 100, { ok: false, reason: 'below-minimum' }],
    ['anything once paid', 1200, 1200, 500, { ok: false, reason: 'already-paid', message: 'You have already paid for this program in full.' }],
  ];
  it.each(cases)('%s', (_name, price, paid, amount, verdict) => {
    expect(checkAmount(Math.round(amount * 100), balanceOf(price * 100, paid * 100))).toMatchObject(verdict);
  });

  it('computes the balance and hasPaid from cents', () => {
    expect(balanceOf(120_000, 50_000)).toEqual({ priceCents: 120_000, paidCents: 50_000, discountCents: 0, creditCents: 0, dueCents: 70_000 });
    expect(balanceOf(120_000, 130_000).dueCents).toBe(0);
    expect(hasPaid(balanceOf(120_000, 119_999))).toBe(false);
    expect(hasPaid(balanceOf(120_000, 120_000))).toBe(true);
  });

  it('applies the minimum to what is left after a discount, and a balance under it is paid whole', () => {
    const discounted = balanceOf(120_000, 0, 80_000);
    expect(discounted.dueCents).toBe(40_000);
    expect(checkAmount(40_000, discounted)).toEqual({ ok: true });
    expect(checkAmount(30_000, discounted)).toMatchObject({ ok: false, reason: 'partial-not-allowed' });
    expect(checkAmount(50_000, discounted)).toMatchObject({ ok: false, reason: 'above-due', message: 'Amount cannot exceed the amount due ($400).' });
    const tenOff = balanceOf(150_000, 0, 15_000);
    expect(checkAmount(50_000, tenOff)).toEqual({ ok: true });
    expect(checkAmount(49_999, tenOff)).toMatchObject({ ok: false, reason: 'below-minimum' });
    expect(hasPaid(balanceOf(120_000, 40_000, 80_000))).toBe(true);
    expect(hasPaid(balanceOf(120_000, 0, 0, 120_000))).toBe(true);
  });
});

test('the minimum is one number, in cents for the server and dollars for the pages', () => {
  expect(MIN_PARTIAL_CENTS).toBe(50_000);
  expect(MIN_PARTIAL).toBe(500);
  // Written out so no formatter is built at start-up; it must stay what the minimum formats to.
  expect(MIN_PARTIAL_TEXT).toBe(formatCents(MIN_PARTIAL_CENTS));
});

describe('credits on a balance (decision 043)', () => {
  it('takes credits off what is due, and a balance covered by credits is paid', () => {
    expect(balanceOf(120_000, 50_000, 0, 20_000)).toEqual({ priceCents: 120_000, paidCents: 50_000, discountCents: 0, creditCents: 20_000, dueCents: 50_000 });
    expect(hasPaid(balanceOf(120_000, 0, 0, 120_000))).toBe(true);
    expect(hasPaid(balanceOf(120_000, 100_000, 0, 19_999))).toBe(false);
    expect(balanceOf(120_000, 100_000, 0, 50_000).dueCents).toBe(0);
  });

  it('applies the minimum to the price left after the credits: a discounted price of $500 or less is paid whole', () => {
    const discounted = balanceOf(90_000, 0, 0, 40_000);
    expect(checkAmount(50_000, discounted)).toEqual({ ok: true });
    expect(checkAmount(30_000, discounted)).toMatchObject({ ok: false, reason: 'partial-not-allowed' });
    expect(checkAmount(50_001, discounted)).toMatchObject({ ok: false, reason: 'above-due', message: 'Amount cannot exceed the amount due ($500).' });
    expect(checkAmount(MIN_PARTIAL_CENTS, balanceOf(120_000, 0, 0, 10_000))).toEqual({ ok: true });
  });
});
