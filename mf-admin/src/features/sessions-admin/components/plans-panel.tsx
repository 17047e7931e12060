import { useState } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { PaymentPlan } from '@institute/shared/contract';
import { formatMoney, MIN_PARTIAL_TEXT } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import { usePlanMutations, useProgramPlans } from '../api/plans';
import { ANCHOR_LABEL, PlanForm } from './plan-form';
import ui from '../../../components/admin-ui.module.css';

/**
 * The payment plans a course or program offers (issue 30, decision 051): offered ones can be retired (students
 * already on one keep their schedule); a retired plan is listed, never deleted, since schedules point at it.
 */
export function PlansPanel({ programId, title }: { programId: string; title: string }) {
  const plans = useProgramPlans(programId);
  const { retire } = usePlanMutations(programId);
  const [notice, setNotice] = useState('');
  const doRetire = (plan: PaymentPlan) => {
    if (!window.confirm(`Retire "${plan.name}"? New students can no longer choose it; those on it keep their schedule.`)) return;
    setNotice('');
    retire.mutate(plan.id, { onSuccess: () => setNotice(`Plan "${plan.name}" retired.`) });
  };
  const columns: Column<PaymentPlan>[] = [
    { header: 'Plan', cell: (p) => p.name, rowHeader: true },
    { header: 'Deposit', cell: (p) => (p.deposit > 0 ? formatMoney(p.deposit) : 'None') },
    { header: 'Instalments', cell: (p) => `${p.instalments} monthly` },
    { header: 'Due dates', cell: (p) => ANCHOR_LABEL[p.anchor] },
    { header: 'Status', cell: (p) => (p.active ? 'Offered' : 'Retired') },
    {
      header: 'Actions',
      cell: (p) => (p.active ? (
        <button type="button" className={`${ui.danger} ${ui.small}`} aria-label={`Retire ${p.name}`} disabled={retire.isPending} onClick={() => doRetire(p)}>Retire</button>
      ) : null),
    },
  ];
  return (
    <section aria-label={`Payment plans of ${title}`}>
      <h2 className={ui.subtitle}>{`Payment plans of ${title}`}</h2>
      <p role="status" className={notice ? ui.success : undefined}>{notice}</p>
      {retire.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(retire.error)}</p> : null}
      {plans.isPending ? <Spinner label="Loading payment plans..." /> : null}
      {plans.isError ? <ErrorState>The payment plans could not be loaded.</ErrorState> : null}
      {plans.data ? (
        <AdminTable caption={`Payment plans of ${title}`} captionHidden columns={columns} rows={plans.data} rowKey={(p) => p.id}
          empty={`No payment plans yet: students pay in full or in parts of at least ${MIN_PARTIAL_TEXT}.`} />
      ) : null}
      <PlanForm programId={programId} onCreated={(name) => setNotice(`Plan "${name}" offered.`)} />
    </section>
  );
}
