import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, ledgerApi } from '@institute/shared/api';
import { Dialog } from '@institute/shared/ui/dialog';
import { useLedgerWrite } from '../api/ledger';
import ui from '../../../components/admin-ui.module.css';
import styles from './ledger.module.css';

/** What is voided: an offline payment (by its receipt) or a credit. */
export interface VoidTarget {
  kind: 'payment' | 'adjustment';
  id: string;
  /** e.g. "Cash $300, receipt 2026-000012" */
  description: string;
}

interface Props {
  target: VoidTarget;
  onClose(): void;
  onDone(message: string): void;
}

/** Voids keep the row on record with who, when and why (decision 043); a second void is the server's 409, shown as sent. */
export function VoidDialog({ target, onClose, onDone }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const write = useLedgerWrite(async (why: string): Promise<unknown> =>
    (target.kind === 'payment' ? ledgerApi.voidPayment(target.id, why) : ledgerApi.voidAdjustment(target.id, why)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Enter the reason for voiding it.');
      return;
    }
    setError('');
    if (!write.isPending) write.mutate(reason.trim(), { onSuccess: () => onDone(`Voided: ${target.description}.`) });
  };

  return (
    <Dialog title={target.kind === 'payment' ? 'Void payment' : 'Void credit'} width="wide" onClose={onClose}>
      <p>{target.description}. It stays on record, marked voided with your reason, and no longer counts in the balance.</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Void">
        <div className={`${ui.field} ${ui.wide}`}>
          <label htmlFor={`${id}-reason`}>Reason</label>
          <textarea
            id={`${id}-reason`} className={ui.input} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-reason-error` : undefined}
          />
          {error ? <span id={`${id}-reason-error`} className={styles.fieldError}>{error}</span> : null}
        </div>
        {write.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{apiErrorMessage(write.error)}</p> : null}
        <div className={ui.formActions}>
          <button type="submit" className={ui.danger} disabled={write.isPending}>{write.isPending ? 'Voiding...' : 'Void'}</button>
          <button type="button" className={ui.secondary} onClick={onClose}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}
