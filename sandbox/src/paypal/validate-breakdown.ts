import { toMinor } from '../lib/money';
import { invalidRequest, unprocessable } from './errors';
import type { Money, PurchaseUnit } from './types';
import { isObject, parseMoney, type Json } from './validate-money';

const ADD = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'];
const SUBTRACT = ['shipping_discount', 'discount'];

function breakdownOf(amount: Json, path: string, currency: string): Record<string, Money> | undefined {
  if (amount.breakdown === undefined) return undefined;
  if (!isObject(amount.breakdown)) {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${path}/breakdown` });
  }
  const parsed: Record<string, Money> = {};
  for (const key of [...ADD, ...SUBTRACT]) {
    if (amount.breakdown[key] === undefined) continue;
    const money = parseMoney(amount.breakdown[key], `${path}/breakdown/${key}`, true);
    if (money.currency_code !== currency) {
      throw unprocessable('CURRENCY_MISMATCH', 'Should have same currency code across all the fields.', { field: `${path}/breakdown/${key}/currency_code`, location: 'body' });
    }
    parsed[key] = money;
  }
  return parsed;
}

/**
 * Items and breakdown must add up exactly as PayPal checks them (ITEM_TOTAL_MISMATCH, AMOUNT_MISMATCH), so a
 * client that itemises an order is caught here rather than by the real API.
 */
export function checkBreakdown(raw: Json, unit: PurchaseUnit, path: string): void {
  const amount = raw.amount as Json;
  const currency = unit.amount.currency_code;
  const minor = (money: Money | undefined) => (money ? toMinor(money.value, currency).minor : 0);
  const breakdown = breakdownOf(amount, `${path}/amount`, currency);
  if (breakdown) {
    unit.amount.breakdown = breakdown;
    const sum = ADD.reduce((total, key) => total + minor(breakdown[key]), 0) - SUBTRACT.reduce((total, key) => total + minor(breakdown[key]), 0);
    if (sum !== minor(unit.amount)) {
      throw unprocessable('AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.', { field: `${path}/amount/value`, value: unit.amount.value, location: 'body' });
    }
  }
  if (raw.items === undefined) return;
  if (!Array.isArray(raw.items)) {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${path}/items` });
  }
  if (!breakdown?.item_total) {
    throw unprocessable('ITEM_TOTAL_REQUIRED', 'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.', { field: `${path}/amount/breakdown/item_total`, location: 'body' });
  }
  let itemsTotal = 0;
  raw.items.forEach((item: unknown, index) => {
    const itemPath = `${path}/items/${index}`;
    if (!isObject(item) || typeof item.name !== 'string' || !item.name) {
      throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', { field: `${itemPath}/name` });
    }
    if (typeof item.quantity !== 'string' || !/^\d{1,10}$/.test(item.quantity)) {
      throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${itemPath}/quantity` });
    }
    itemsTotal += minor(parseMoney(item.unit_amount, `${itemPath}/unit_amount`, true)) * Number(item.quantity);
  });
  if (itemsTotal !== minor(breakdown.item_total)) {
    throw unprocessable('ITEM_TOTAL_MISMATCH', 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit', { field: `${path}/amount/breakdown/item_total/value`, value: breakdown.item_total.value, location: 'body' });
  }
  unit.items = raw.items;
}
