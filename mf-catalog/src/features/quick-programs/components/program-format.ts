import type { QuickProgram } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';

export const priceText = (price: number) => (Number.isFinite(price) ? formatMoney(price) : 'Not specified');

/** The public page reads `prerequisite` first (spec section 3); "Nothing" only when it is empty. */
export function prerequisiteText(program: QuickProgram): string {
  const value = program.prerequisite ?? program.preRequisite;
  return value?.trim() ? value : 'Nothing';
}
