import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, paymentsApi, queryKeys } from '@institute/shared/api';
import type { Payment } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';
import styles from './payments-admin.module.css';

const REFUNDABLE = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);

/** Refund a settled payment through PayPal, in full (amount left empty) or in part; the server caps the amount. */
export function RefundControl({ payment }: { payment: Payment }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  const client = useQueryClient();
  const left = Number(payment.amount) - (payment.refunded ?? 0);
  const mutation = useMutation({
    mutationFn: () => paymentsApi.refund(payment._id, { ...(amount.trim() ? { amount: Number(amount) } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    onSuccess: () => {
      setOpen(false);
      void client.invalidateQueries({ queryKey: queryKeys.payments });
    },
  });
  // Money taken outside PayPal is given back outside it, and its record voided (decision 043).
  if (!REFUNDABLE.has(payment.status) || payment.offline) return null;
  if (!open) {
    return (
      <button type="button" className={styles.refund} onClick={() => setOpen(true)} aria-label={`Refund payment ${payment.paypalOrderId}`}>
        Refund
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  return (
    <form className={styles.refundForm} onSubmit={submit} aria-label={`Refund payment ${payment.paypalOrderId}`}>
      <label htmlFor={`${id}-amount`}>Amount (empty: all {formatMoney(left)})</label>
      <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <label htmlFor={`${id}-reason`}>Reason</label>
      <input id={`${id}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      {mutation.isError ? <p className={styles.notCompleted} role="alert">{apiErrorMessage(mutation.error)}</p> : null}
      <span>
        <button type="submit" disabled={mutation.isPending}>{mutation.isPending ? 'Refunding...' : 'Confirm refund'}</button>{' '}
        <button type="button" onClick={() => setOpen(false)}>Cancel</button>
      </span>
    </form>
  );
}
