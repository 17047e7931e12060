import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageFor, planKeys, plansApi } from '@institute/shared/api';
import type { BalanceSchedule } from '@institute/shared/contract';
import { formatDay, formatMoney } from '@institute/shared/rules';
import styles from './profile.module.css';

/**
 * What is due and when for one program (decision 051): overdue first and plainly, then the next payment, and on a
 * plan its instalments with what is paid of each.
 */
export function PaymentSchedule({ schedule }: { schedule: BalanceSchedule }) {
  const firstOverdue = schedule.items.find((item) => item.overdue);
  return (
    <div className={styles.schedule}>
      {schedule.overdue > 0 && firstOverdue ? (
        <p className={styles.notOk}>Overdue: {formatMoney(schedule.overdue)}, due since {formatDay(firstOverdue.dueOn)}</p>
      ) : null}
      {schedule.next && !schedule.next.overdue ? (
        <p>Next payment: <strong>{formatMoney(schedule.next.open)}</strong> due {formatDay(schedule.next.dueOn)}</p>
      ) : null}
      {schedule.plan ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.caption}>Payment plan: {schedule.plan.name}</caption>
            <thead>
              <tr><th scope="col">Due</th><th scope="col">Payment</th><th scope="col">Amount</th><th scope="col">Paid</th><th scope="col">Status</th></tr>
            </thead>
            <tbody>
              {schedule.items.map((item) => (
                <tr key={item.seq}>
                  <td>{formatDay(item.dueOn)}</td>
                  <td>{item.label}</td>
                  <td>{formatMoney(item.amount)}</td>
                  <td>{formatMoney(item.paid)}</td>
                  <td>{item.open === 0 ? <span className={styles.ok}>Paid</span> : item.overdue ? <span className={styles.notOk}>Overdue</span> : 'Due'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The plans a program offers, chosen before paying (on "Pay balance"). Hidden when there are none, or once a payment
 * on the chosen plan makes it final (the server says so: `changeable`).
 */
export function PlanPicker({ programId, title, schedule }: { programId: string; title: string; schedule: BalanceSchedule | undefined }) {
  const offered = useQuery({ queryKey: planKeys.offered(programId), queryFn: () => plansApi.offered(programId) });
  const client = useQueryClient();
  const [planId, setPlanId] = useState(schedule?.plan?.id ?? '');
  const choose = useMutation({
    mutationFn: (id: string) => plansApi.choose({ planId: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.mine }),
  });
  const plans = offered.data ?? [];
  if (plans.length === 0 || (schedule && !schedule.changeable)) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (planId) choose.mutate(planId);
  };
  const field = `plan-${programId}`;
  return (
    <form className={styles.planPicker} onSubmit={submit} aria-label={`Payment plan for ${title}`}>
      <label htmlFor={field}>Payment plan</label>
      <select id={field} value={planId} onChange={(event) => setPlanId(event.target.value)}>
        <option value="">Choose a plan</option>
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name} ({plan.deposit > 0 ? `${formatMoney(plan.deposit)} deposit, ` : ''}{plan.instalments} monthly)
          </option>
        ))}
      </select>
      <button type="submit" className={styles.secondary} disabled={!planId || choose.isPending}>Use this plan</button>
      {choose.isSuccess ? <p role="status">{choose.data.message}</p> : null}
      {choose.isError ? <p role="alert" className={styles.fieldError}>{messageFor(choose.error, 'The plan could not be chosen. Try again.')}</p> : null}
    </form>
  );
}
