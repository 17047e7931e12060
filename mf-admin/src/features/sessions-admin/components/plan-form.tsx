import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { PaymentPlanInput } from '@institute/shared/contract';
import { usePlanMutations } from '../api/plans';
import ui from '../../../components/admin-ui.module.css';

export const ANCHOR_LABEL: Record<PaymentPlanInput['anchor'], string> = {
  session_start: "Monthly from the session's start",
  enrollment_date: 'Monthly from the day the student chooses the plan',
};

interface Values {
  name: string;
  deposit: string;
  instalments: string;
  instalmentAmount: string;
  anchor: PaymentPlanInput['anchor'];
}

const EMPTY: Values = { name: '', deposit: '0', instalments: '3', instalmentAmount: '', anchor: 'session_start' };

/** Numbers go as typed: the server checks them against today's price and says what is wrong, in its own words. */
const toInput = (v: Values, programId: string): PaymentPlanInput => ({
  programId,
  name: v.name.trim(),
  deposit: Number(v.deposit || 0),
  instalments: Number(v.instalments),
  anchor: v.anchor,
  ...(v.instalmentAmount.trim() ? { instalmentAmount: Number(v.instalmentAmount) } : {}),
});

/** "Offer a plan" for one course or program: a deposit and N monthly instalments (issue 30, decision 051). */
export function PlanForm({ programId, onCreated }: { programId: string; onCreated(name: string): void }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const { create } = usePlanMutations(programId);
  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toInput(values, programId);
    create.mutate(body, { onSuccess: () => { setValues(EMPTY); onCreated(body.name); } });
  };
  const field = (name: Exclude<keyof Values, 'anchor'>, label: string, type: string, extra: Record<string, unknown> = {}) => (
    <div className={ui.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} className={ui.input} type={type} value={values[name]} onChange={set(name)} {...extra} />
    </div>
  );
  return (
    <form className={ui.form} aria-label="Offer a payment plan" onSubmit={submit}>
      <h3 className={`${ui.subtitle} ${ui.wide}`}>Offer a payment plan</h3>
      {create.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{apiErrorMessage(create.error)}</p> : null}
      {field('name', 'Plan name', 'text', { required: true, maxLength: 80, placeholder: 'Deposit and 3 monthly payments' })}
      {field('deposit', 'Deposit ($, 0 for none)', 'number', { min: 0, step: '0.01', required: true })}
      {field('instalments', 'Monthly instalments', 'number', { min: 1, max: 24, step: 1, required: true })}
      {field('instalmentAmount', 'Each instalment ($, checked against the price)', 'number', { min: 0, step: '0.01' })}
      <div className={ui.field}>
        <label htmlFor={`${id}-anchor`}>Due dates</label>
        <select id={`${id}-anchor`} className={ui.input} value={values.anchor} onChange={set('anchor')}>
          {(Object.keys(ANCHOR_LABEL) as PaymentPlanInput['anchor'][]).map((anchor) => <option key={anchor} value={anchor}>{ANCHOR_LABEL[anchor]}</option>)}
        </select>
      </div>
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={create.isPending}>{create.isPending ? 'Saving...' : 'Offer plan'}</button>
      </div>
    </form>
  );
}
