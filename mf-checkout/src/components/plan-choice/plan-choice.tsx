import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageFor, planKeys, plansApi } from '@institute/shared/api';
import { formatDay, formatMoney } from '@institute/shared/rules';
import styles from './plan-choice.module.css';

interface Props {
  programId: string;
  /** The session chosen on the page: a plan anchored to a session's start dates its instalments from it. */
  sessionId?: string;
  disabled?: boolean;
}

/**
 * The plans a course offers, chosen before paying (decision 051). Nothing shows when it offers none. After the
 * choice the first payment and its date are named; any allowed amount then pays the earliest instalments first.
 */
export function PlanChoice({ programId, sessionId, disabled = false }: Props) {
  const offered = useQuery({ queryKey: planKeys.offered(programId), queryFn: () => plansApi.offered(programId) });
  const client = useQueryClient();
  const [planId, setPlanId] = useState('');
  const field = useId();
  const choose = useMutation({
    mutationFn: (id: string) => plansApi.choose({ planId: id, ...(sessionId ? { sessionId } : {}) }),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.mine }),
  });
  const plans = offered.data ?? [];
  if (plans.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (planId) choose.mutate(planId);
  };
  const next = choose.data?.schedule?.next;
  return (
    <form className={styles.plan} aria-label="Payment plan" onSubmit={submit}>
      <label htmlFor={field}>Payment plan</label>
      <div className={styles.row}>
        <select id={field} className={styles.select} value={planId} disabled={disabled} onChange={(event) => setPlanId(event.target.value)}>
          <option value="">Choose a plan</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name} ({plan.deposit > 0 ? `${formatMoney(plan.deposit)} deposit, ` : ''}{plan.instalments} monthly)
            </option>
          ))}
        </select>
        <button type="submit" className={styles.button} disabled={disabled || !planId || choose.isPending}>Use this plan</button>
      </div>
      {choose.isSuccess ? (
        <p role="status" className={styles.note}>
          {choose.data.message}
          {next ? ` First payment: ${formatMoney(next.open)} due ${formatDay(next.dueOn)}.` : ''}
        </p>
      ) : null}
      {choose.isError ? <p role="alert" className={styles.error}>{messageFor(choose.error, 'The plan could not be chosen. Try again.')}</p> : null}
    </form>
  );
}
