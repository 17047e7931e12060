import { onFirstUse } from './on-first-use';

afterEach(() => jest.restoreAllMocks());

test('builds its value once, on the first call', () => {
  const make = jest.fn(() => ({ built: true }));
  const value = onFirstUse(make);
  expect(make).not.toHaveBeenCalled();
  expect(value()).toBe(value());
  expect(make).toHaveBeenCalledTimes(1);
});

test('loading the rules builds no Intl formatter; the first price or date builds only its own, once', () => {
  const numberFormat = jest.spyOn(Intl, 'NumberFormat');
  const dateFormat = jest.spyOn(Intl, 'DateTimeFormat');
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated afresh here, as the shell's start-up does
    const rules = require('./index') as typeof import('./index');
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateFormat).not.toHaveBeenCalled();
    expect(rules.MIN_PARTIAL_TEXT).toBe('$500');
    expect(rules.formatMoney(2400)).toBe('$2,400');
    expect(rules.formatMoney(1200)).toBe('$1,200');
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(rules.formatDay('2026-12-01')).toBe('Dec 1, 2026');
    expect(rules.formatDay('2027-01-05')).toBe('Jan 5, 2027');
    expect(dateFormat).toHaveBeenCalledTimes(1);
  });
});
