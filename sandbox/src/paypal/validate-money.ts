import { CURRENCIES, decimalsOf, MONEY_PATTERN, toMinor } from '../lib/money';
import { invalidRequest, unprocessable } from './errors';
import type { Money } from './types';

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const missing = (field: string) =>
  invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', { field });

/** Checks one money object the way Orders v2 does: syntax is a 400, business rules a 422. */
export function parseMoney(raw: unknown, field: string, allowZero = false): Money {
  if (!isObject(raw)) throw missing(field);
  const { currency_code: currency, value } = raw;
  if (currency === undefined) throw missing(`${field}/currency_code`);
  if (value === undefined) throw missing(`${field}/value`);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${field}/currency_code`, value: String(currency) });
  }
  if (!CURRENCIES.has(currency)) {
    throw unprocessable('INVALID_CURRENCY_CODE', 'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.', { field: `${field}/currency_code`, value: currency, location: 'body' });
  }
  if (typeof value !== 'string' || value.length > 32 || !MONEY_PATTERN.test(value)) {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${field}/value`, value: String(value) });
  }
  const { minor, fractionDigits } = toMinor(value, currency);
  if (fractionDigits > decimalsOf(currency)) {
    throw unprocessable('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.', { field: `${field}/value`, value, location: 'body' });
  }
  if (minor < 0 || (minor === 0 && !allowZero)) {
    throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.', { field: `${field}/value`, value, location: 'body' });
  }
  if (minor >= 1e9 * 10 ** decimalsOf(currency)) {
    throw unprocessable('MAX_VALUE_EXCEEDED', 'Should be less than or equal to 999999999.99.', { field: `${field}/value`, value, location: 'body' });
  }
  return { currency_code: currency, value };
}
