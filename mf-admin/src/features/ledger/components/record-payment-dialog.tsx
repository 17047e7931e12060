import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, ledgerApi } from '@institute/shared/api';
import type { LedgerProgram, OfflineMethod, OfflinePaymentResponse } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';
import { Dialog } from '@institute/shared/ui/dialog';
import { METHOD_NAMES, METHODS, newRequestId, useLedgerWrite } from '../api/ledger';
import { AMOUNT_TEXT, readAmount, SEATED, today } from './amount';
import { BalanceSummary } from './balance-summary';
import { ownerOf, SessionSelect, useUpcomingSessions } from './session-select';
import ui from '../../../components/admin-ui.module.css';
import styles from './ledger.module.css';

interface Props {
  userId: string;
  program: LedgerProgram;
  onClose(): void;
  onDone(message: string): void;
}

type Errors = Partial<Record<'amount' | 'paidOn' | 'session', string>>;

/**
 * Money taken outside PayPal (cash, check, transfer, sponsor, financing). Above the balance the server refuses or
 * keeps the excess as a credit: the admin chooses before sending, and the choice is shown beside the balance.
 */
export function RecordPaymentDialog({ userId, program, onClose, onDone }: Props) {
  const id = useId();
  const [requestId] = useState(newRequestId);
  const [method, setMethod] = useState<OfflineMethod>('cash');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [overBalance, setOverBalance] = useState<'refuse' | 'credit'>('refuse');
  const [sessionId, setSessionId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const seated = program.enrollments.some((e) => SEATED.has(e.status));
  const sessions = useUpcomingSessions(seated ? null : ownerOf(program.programId, program.kind));
  const choosesSession = !seated && (sessions.data?.length ?? 0) > 0;
  const write = useLedgerWrite((body: Parameters<typeof ledgerApi.recordPayment>[0]) => ledgerApi.recordPayment(body));
  const value = readAmount(amount);
  const above = value !== null && value > program.balance.due;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (value === null) found.amount = AMOUNT_TEXT;
    if (!paidOn) found.paidOn = 'Enter the day the money was taken.';
    else if (paidOn > today()) found.paidOn = 'The payment date cannot be in the future.';
    if (choosesSession && !sessionId) found.session = 'Choose the class session this payment is for.';
    setErrors(found);
    if (Object.keys(found).length > 0 || value === null || write.isPending) return;
    write.mutate({
      id: requestId, userId, programId: program.programId, amount: value, method, paidOn, overBalance,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(choosesSession ? { sessionId } : {}),
    }, { onSuccess: (result: OfflinePaymentResponse) => onDone(result.message) });
  };

  const described = (field: keyof Errors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  const fieldError = (field: keyof Errors) =>
    errors[field] ? <span id={`${id}-${field}-error`} className={styles.fieldError}>{errors[field]}</span> : null;

  return (
    <Dialog title={`Record payment: ${program.title}`} width="wide" onClose={onClose}>
      <BalanceSummary balance={program.balance} label="Balance before this payment" />
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Record payment">
        <div className={ui.field}>
          <label htmlFor={`${id}-method`}>Method</label>
          <select id={`${id}-method`} className={ui.input} value={method} onChange={(e) => setMethod(e.target.value as OfflineMethod)}>
            {METHODS.map((m) => <option key={m} value={m}>{METHOD_NAMES[m]}</option>)}
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-amount`}>Amount (USD)</label>
          <input id={`${id}-amount`} className={ui.input} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} {...described('amount')} />
          {fieldError('amount')}
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-date`}>Date received</label>
          <input id={`${id}-date`} className={ui.input} type="date" max={today()} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} {...described('paidOn')} />
          {fieldError('paidOn')}
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-reference`}>Reference (check number, transfer id; optional)</label>
          <input id={`${id}-reference`} className={ui.input} maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />
        </div>
        {choosesSession ? (
          <SessionSelect id={`${id}-session`} label="Class session" sessions={sessions.data ?? []} value={sessionId} onChange={setSessionId} error={errors.session} />
        ) : null}
        <div className={`${ui.field} ${ui.wide}`}>
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <textarea id={`${id}-note`} className={ui.input} maxLength={1000} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <fieldset className={styles.choice}>
          <legend>If the amount is above the balance due ({formatMoney(program.balance.due)})</legend>
          <label>
            <input type="radio" name={`${id}-over`} value="refuse" checked={overBalance === 'refuse'} onChange={() => setOverBalance('refuse')} />
            Refuse it: record nothing
          </label>
          <label>
            <input type="radio" name={`${id}-over`} value="credit" checked={overBalance === 'credit'} onChange={() => setOverBalance('credit')} />
            Record it all and keep the excess as a credit
          </label>
        </fieldset>
        {above ? (
          <p className={styles.warning}>
            {overBalance === 'refuse'
              ? `This is above the balance due (${formatMoney(program.balance.due)}): the server will refuse it.`
              : `${formatMoney(value - program.balance.due)} above the balance due will be kept as a credit.`}
          </p>
        ) : null}
        {write.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{apiErrorMessage(write.error)}</p> : null}
        <div className={ui.formActions}>
          <button type="submit" className={ui.button} disabled={write.isPending}>{write.isPending ? 'Recording...' : 'Record payment'}</button>
          <button type="button" className={ui.secondary} onClick={onClose}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}
