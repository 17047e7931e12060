import type { Payment } from '@institute/shared/contract';
import { toCsv } from './csv';
import { csvRow, paymentDue, paymentPaid } from './payment-rows';

test('quotes fields with commas, quotes or line breaks and separates records with CRLF', () => {
  expect(toCsv([['a', 'b,c'], ['say "hi"', 'two\nlines']])).toBe('a,"b,c"\r\n"say ""hi""","two\nlines"');
});

test('neutralizes text a spreadsheet would run as a formula, but not numbers', () => {
  expect(toCsv([['=HYPERLINK("x")', '+1', '@cmd', '-2', -5]])).toBe(`"'=HYPERLINK(""x"")",'+1,'@cmd,'-2,-5`);
});

const payment = (over: Partial<Payment> = {}): Payment => ({
  _id: 'p-1', user: { username: 'alice', email: 'alice@example.com' }, program: { title: 'Billing', price: 1200 },
  amount: 500, currency: 'USD', paypalOrderId: 'ORDER-1', status: 'COMPLETED', createdAt: '2024-03-05T10:00:00Z',
  paidAmount: 500, dueAfter: 700, receiptNumber: '2024-000001', ...over,
});

test("due amount is the API's balance after the payment, unknown when the API has none", () => {
  expect(paymentDue(payment())).toBe(700);
  // A second partial payment of the same program: the API counted the first one too.
  expect(paymentDue(payment({ amount: 700, paidAmount: 700, dueAfter: 0 }))).toBe(0);
  expect(paymentDue(payment({ program: null, dueAfter: null }))).toBeNull();
});

test('only COMPLETED money is paid: a CANCELLED order pays $0 and leaves the balance as it was', () => {
  const cancelled = payment({ amount: 1850, status: 'CANCELLED', paidAmount: 0, dueAfter: 1200 });
  expect(paymentPaid(cancelled)).toBe(0);
  expect(csvRow(cancelled).slice(5, 8)).toEqual([1850, 0, 1200]);
});

test('a CSV row keeps amounts as numbers', () => {
  expect(csvRow(payment())).toEqual(['p-1', 'alice', 'alice@example.com', 'Billing', 1200, 500, 500, 700, 'USD', 'ORDER-1', 'COMPLETED', '2024-03-05T10:00:00Z']);
});
