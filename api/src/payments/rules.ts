// The amount rule and the minimum are the site's, shared with the payment pages (decision 035): one module in
// @institute/shared. This name stays while the payment service is reshaped (issue 32, part 3).
export { balanceOf, checkAmount, CURRENCY, hasPaid, MIN_PARTIAL_CENTS, type AmountVerdict, type Balance } from '@institute/shared/rules';
