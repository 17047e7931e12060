import { centsToValue, dollarsToCents, formatDollars, priceToCents, valueToCents } from '../../src/lib/money';

describe('money in cents', () => {
  it.each([[650, 65_000], [650.1, 65_010], [0.29, 29], [1200.5, 120_050], [0.01, 1]])('dollarsToCents(%p) = %p', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([0, -1, 600.001, Number.NaN, Number.POSITIVE_INFINITY, 1e12])('dollarsToCents(%p) refuses', (dollars) => {
    expect(dollarsToCents(dollars)).toBeNull();
  });

  it.each([[0, 0], [650.1, 65_010], [0.01, 1]])('priceToCents(%p) = %p (0 is a free program)', (dollars, cents) => {
    expect(priceToCents(dollars)).toBe(cents);
  });

  it.each([0.001, 650.555, -1, Number.NaN])('priceToCents(%p) refuses, never rounds', (dollars) => {
    expect(priceToCents(dollars)).toBeNull();
  });

  it.each([['650.00', 65_000], ['650.5', 65_050], ['650', 65_000], ['0.07', 7]])('valueToCents(%p) = %p', (value, cents) => {
    expect(valueToCents(value)).toBe(cents);
  });

  it.each(['6.505', '-1.00', '1e3', ' 1.00', '', '1,000.00', 650, null])('valueToCents(%p) refuses', (value) => {
    expect(valueToCents(value)).toBeNull();
  });

  it('writes PayPal values and messages without floating point', () => {
    expect([centsToValue(65_000), centsToValue(5), centsToValue(123_456)]).toEqual(['650.00', '0.05', '1234.56']);
    expect([formatDollars(120_000), formatDollars(9_950)]).toEqual(['$1,200', '$99.50']);
    // 0.1 + 0.2 dollars is 30 cents exactly here.
    expect(centsToValue(dollarsToCents(0.1)! + dollarsToCents(0.2)!)).toBe('0.30');
  });
});
