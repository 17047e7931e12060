import { formatCents, MIN_PARTIAL_TEXT } from '@institute/shared/rules';

/** Every sentence the plan endpoints answer with (decision 051). */
export const PLAN_TEXT = {
  programNotFound: 'Program not found.',
  planNotFound: 'Payment plan not found.',
  planNotOffered: 'This payment plan is not offered for this program.',
  enrollmentNotFound: 'Enrollment not found.',
  sessionNotFound: 'Class session not found.',
  nameTaken: (name: string) => `A payment plan named "${name}" is already offered for this program.`,
  retiredAlready: 'This payment plan is no longer offered.',
  depositNotBelowPrice: (deposit: number, price: number) =>
    `The deposit (${formatCents(deposit)}) must be less than the price (${formatCents(price)}).`,
  depositBelowMinimum: `A deposit must be 0 or at least ${MIN_PARTIAL_TEXT}, the smallest payment.`,
  instalmentBelowMinimum: (each: number) =>
    `Each instalment would be ${formatCents(each)}, below the smallest payment (${MIN_PARTIAL_TEXT}). Use fewer instalments or a smaller deposit.`,
  doesNotAddUp: (sum: number, price: number) =>
    `The deposit and instalments add up to ${formatCents(sum)}, not the price (${formatCents(price)}).`,
  centsOnly: 'Amounts are in dollars with at most two decimals.',
  nothingDue: 'Nothing is due on this program.',
  depositNotBelowDue: (deposit: number, total: number) =>
    `This plan's deposit (${formatCents(deposit)}) is not less than what you owe (${formatCents(total)}). Pay the balance instead.`,
  tooSmallToSpread: 'What you owe is too small to spread over this plan. Pay the balance instead.',
  changeAfterPayments: 'Your payment plan cannot be changed after a payment on it. Contact the institute to change it.',
  chosen: (name: string) => `Payment plan chosen: ${name}.`,
};
