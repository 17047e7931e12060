import { useId, useState } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { LedgerProgram } from '@institute/shared/contract';
import { formatDay, formatMoney } from '@institute/shared/rules';
import { EmptyState, ErrorState, ProgramCombobox, Spinner } from '@institute/shared/ui';
import { useProgramBalance, useStudentLedger } from '../api/ledger';
import { AddCreditDialog } from './add-credit-dialog';
import { BalanceSummary } from './balance-summary';
import { EnrollDialog, type ChosenProgram } from './enroll-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';
import { VoidDialog, type VoidTarget } from './void-dialog';
import ui from '../../../components/admin-ui.module.css';
import styles from './ledger.module.css';

type Open =
  | { dialog: 'payment' | 'credit'; program: LedgerProgram }
  | { dialog: 'void'; target: VoidTarget }
  | { dialog: 'enroll'; program?: ChosenProgram };

const STATUS: Record<string, string> = {
  pending: 'Seat held', enrolled: 'Enrolled', paid_in_full: 'Paid in full', completed: 'Completed', withdrawn: 'Withdrawn', transferred: 'Transferred',
};
const KIND: Record<string, string> = { scholarship: 'Scholarship', adjustment: 'Adjustment', coupon: 'Coupon' };

function ProgramLedger({ program, onOpen }: { program: LedgerProgram; onOpen(open: Open): void }) {
  const headingId = useId();
  return (
    <section className={styles.program} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.programTitle}>{program.title}</h3>
      <BalanceSummary balance={program.balance} label={`Balance of ${program.title}`} />
      {program.enrollments.length > 0 ? (
        <p className={ui.muted}>
          {program.enrollments.map((e) => `${STATUS[e.status] ?? e.status}${e.startsOn ? ` · session starting ${formatDay(e.startsOn)}` : ''}`).join('; ')}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onOpen({ dialog: 'payment', program })}>Record payment</button>
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => onOpen({ dialog: 'credit', program })}>Add credit</button>
      </div>
      {program.offlinePayments.length + program.adjustments.length > 0 ? (
        <ul className={styles.history} aria-label={`Payments and credits recorded for ${program.title}`}>
          {program.offlinePayments.map((p) => {
            const text = `${p.offline?.method ?? 'Offline'} ${formatMoney(p.amount)}, receipt ${p.receiptNumber ?? 'pending'}`;
            const voided = p.status === 'VOIDED';
            return (
              <li key={p._id}>
                <span className={voided ? styles.voided : undefined}>{text}{p.offline ? ` · ${formatDay(p.offline.paidOn)}` : ''}</span>
                {voided ? (
                  <span className={ui.muted}>Voided: {p.offline?.voidReason}</span>
                ) : (
                  <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Void ${text}`}
                    onClick={() => onOpen({ dialog: 'void', target: { kind: 'payment', id: p._id, description: text } })}>Void</button>
                )}
              </li>
            );
          })}
          {program.adjustments.map((a) => {
            const text = `${KIND[a.kind] ?? a.kind} ${formatMoney(a.amount)}: ${a.reason}`;
            return (
              <li key={a.id}>
                <span className={a.voidedAt ? styles.voided : undefined}>{text}</span>
                {a.voidedAt ? <span className={ui.muted}>Voided: {a.voidReason}</span> : a.kind === 'coupon' ? null : (
                  <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Void ${text}`}
                    onClick={() => onOpen({ dialog: 'void', target: { kind: 'adjustment', id: a.id, description: text } })}>Void</button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * One student's balances per course or program, with the ledger's actions: record a payment taken outside PayPal,
 * add a credit, void either with a reason, enroll with nothing paid. Every amount is the server's; after each write
 * the ledger is read again. Mounted by the Payments section and by the admin's student page.
 */
export function StudentLedgerPanel({ userId, focusProgramId }: { userId: string; focusProgramId?: string | undefined }) {
  const ledger = useStudentLedger(userId);
  const [open, setOpen] = useState<Open | null>(null);
  const [message, setMessage] = useState('');
  const [text, setText] = useState('');
  const [extra, setExtra] = useState<ChosenProgram | null>(null);
  const extraBalance = useProgramBalance(userId, extra?.programId ?? null);

  if (ledger.isPending) return <Spinner label="Loading the balance..." />;
  if (ledger.isError) return <ErrorState>{apiErrorMessage(ledger.error)}</ErrorState>;
  const { user, programs } = ledger.data;
  const known = extra && programs.some((p) => p.programId === extra.programId);
  const listed: LedgerProgram[] = [...programs];
  if (extra && !known && extraBalance.data) {
    listed.push({ ...extra, balance: extraBalance.data, enrollments: [], offlinePayments: [], adjustments: [] });
  }
  // The row the admin came from first: the Payments section opens the panel for one payment's program.
  listed.sort((a, b) => Number(b.programId === focusProgramId) - Number(a.programId === focusProgramId));
  const done = (text: string) => {
    setOpen(null);
    setMessage(text);
  };

  return (
    <div className={styles.panel}>
      <p role="status" className={message ? ui.success : undefined}>{message}</p>
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={() => setOpen({ dialog: 'enroll' })}>Enroll manually</button>
      </div>
      {listed.length === 0 ? <EmptyState>{user.username} has no balance yet.</EmptyState> : null}
      {listed.map((program) => <ProgramLedger key={program.programId} program={program} onOpen={setOpen} />)}
      <div className={ui.field}>
        <ProgramCombobox
          label="Another course or program"
          value={text}
          onValue={setText}
          onChoose={(option) => setExtra({ programId: option.id, kind: option.kind === 'Course' ? 'course' : 'quick_program', title: option.title })}
          classes={{ field: ui.field, control: ui.input }}
        />
      </div>
      {open?.dialog === 'payment' ? <RecordPaymentDialog userId={userId} program={open.program} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.dialog === 'credit' ? <AddCreditDialog userId={userId} program={open.program} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.dialog === 'void' ? <VoidDialog target={open.target} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.dialog === 'enroll' ? (
        <EnrollDialog userId={userId} studentName={user.username} program={open.program} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </div>
  );
}

