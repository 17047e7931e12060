import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, ledgerApi } from '@institute/shared/api';
import type { AdjustmentResponse, LedgerProgram } from '@institute/shared/contract';
import { Dialog } from '@institute/shared/ui/dialog';
import { newRequestId, useLedgerWrite } from '../api/ledger';
import { AMOUNT_TEXT, readAmount } from './amount';
import { BalanceSummary } from './balance-summary';
import ui from '../../../components/admin-ui.module.css';
import styles from './ledger.module.css';

interface Props {
  userId: string;
  program: LedgerProgram;
  onClose(): void;
  onDone(message: string): void;
}

const KINDS = [
  { value: 'scholarship', label: 'Scholarship' },
  { value: 'adjustment', label: 'Adjustment' },
] as const;

/** A scholarship or an adjustment: a lower price for one student, never money paid and never refunded (decision 043). */
export function AddCreditDialog({ userId, program, onClose, onDone }: Props) {
  const id = useId();
  const [requestId] = useState(newRequestId);
  const [kind, setKind] = useState<'scholarship' | 'adjustment'>('scholarship');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const write = useLedgerWrite((body: Parameters<typeof ledgerApi.grantCredit>[0]) => ledgerApi.grantCredit(body));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = readAmount(amount);
    const found = {
      ...(value === null ? { amount: AMOUNT_TEXT } : {}),
      ...(reason.trim() ? {} : { reason: 'Enter the reason for this credit.' }),
    };
    setErrors(found);
    if (value === null || Object.keys(found).length > 0 || write.isPending) return;
    write.mutate(
      { id: requestId, userId, programId: program.programId, kind, amount: value, reason: reason.trim() },
      { onSuccess: (result: AdjustmentResponse) => onDone(result.message) },
    );
  };

  return (
    <Dialog title={`Add credit: ${program.title}`} width="wide" onClose={onClose}>
      <BalanceSummary balance={program.balance} label="Balance before this credit" />
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Add credit">
        <div className={ui.field}>
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} className={ui.input} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {KINDS.map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-amount`}>Amount (USD)</label>
          <input
            id={`${id}-amount`} className={ui.input} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)}
            aria-invalid={errors.amount ? true : undefined} aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
          />
          {errors.amount ? <span id={`${id}-amount-error`} className={styles.fieldError}>{errors.amount}</span> : null}
        </div>
        <div className={`${ui.field} ${ui.wide}`}>
          <label htmlFor={`${id}-reason`}>Reason</label>
          <textarea
            id={`${id}-reason`} className={ui.input} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)}
            aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          />
          {errors.reason ? <span id={`${id}-reason-error`} className={styles.fieldError}>{errors.reason}</span> : null}
        </div>
        {write.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{apiErrorMessage(write.error)}</p> : null}
        <div className={ui.formActions}>
          <button type="submit" className={ui.button} disabled={write.isPending}>{write.isPending ? 'Adding...' : 'Add credit'}</button>
          <button type="button" className={ui.secondary} onClick={onClose}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}
