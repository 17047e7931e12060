import { useId, useState, type FormEvent } from 'react';
import type { AdminInvoice, InvoicePaymentInput } from '@institute/shared/contract';
import { formatMoney, OFFLINE_METHOD_TEXT } from '@institute/shared/rules';
import ui from '../../../components/admin-ui.module.css';

const today = () => new Date().toISOString().slice(0, 10);

interface Props {
  invoice: AdminInvoice;
  busy: boolean;
  onPay(body: InvoicePaymentInput): void;
  onVoid(reason: string): void;
  onClose(): void;
}

/** Settles an open invoice with money taken outside PayPal (the whole total), or voids it with a reason. */
export function InvoiceActions({ invoice, busy, onPay, onVoid, onClose }: Props) {
  const id = useId();
  const [mode, setMode] = useState<'pay' | 'void'>('pay');
  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reference = String(form.get('reference') ?? '').trim();
    onPay({ amount: invoice.total, method: form.get('method') as InvoicePaymentInput['method'], paidOn: String(form.get('paidOn')), ...(reference ? { reference } : {}) });
  };
  const voidIt = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onVoid(String(new FormData(event.currentTarget).get('reason') ?? '').trim());
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={ui.subtitle}>{`Invoice ${invoice.number}`}</h2>
      <div className={ui.actions} role="group" aria-label="What to do">
        <button type="button" className={`${mode === 'pay' ? ui.button : ui.secondary} ${ui.small}`} aria-pressed={mode === 'pay'} onClick={() => setMode('pay')}>Record payment</button>
        <button type="button" className={`${mode === 'void' ? ui.button : ui.secondary} ${ui.small}`} aria-pressed={mode === 'void'} onClick={() => setMode('void')}>Void invoice</button>
      </div>
      {mode === 'pay' ? (
        <form className={ui.form} onSubmit={pay} aria-label={`Record the payment of invoice ${invoice.number}`}>
          <p className={`${ui.muted} ${ui.wide}`}>{`The whole total, ${formatMoney(invoice.total, { cents: true })}, paid outside PayPal.`}</p>
          <div className={ui.field}>
            <label htmlFor={`${id}-method`}>Method</label>
            <select id={`${id}-method`} name="method" className={ui.input} defaultValue="check">
              {Object.entries(OFFLINE_METHOD_TEXT).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor={`${id}-reference`}>Reference</label>
            <input id={`${id}-reference`} name="reference" className={ui.input} maxLength={200} />
          </div>
          <div className={ui.field}>
            <label htmlFor={`${id}-paid-on`}>Paid on</label>
            <input id={`${id}-paid-on`} name="paidOn" type="date" className={ui.input} required max={today()} defaultValue={today()} />
          </div>
          <div className={ui.formActions}>
            <button type="submit" className={ui.button} disabled={busy}>Record payment</button>
            <button type="button" className={ui.secondary} onClick={onClose}>Close</button>
          </div>
        </form>
      ) : (
        <form className={ui.form} onSubmit={voidIt} aria-label={`Void invoice ${invoice.number}`}>
          <p className={`${ui.muted} ${ui.wide}`}>Its students no longer have the organization paying: the credits are withdrawn and the seats it gave are released.</p>
          <div className={`${ui.field} ${ui.wide}`}>
            <label htmlFor={`${id}-reason`}>Reason</label>
            <input id={`${id}-reason`} name="reason" className={ui.input} required maxLength={500} />
          </div>
          <div className={ui.formActions}>
            <button type="submit" className={ui.danger} disabled={busy}>Void invoice</button>
            <button type="button" className={ui.secondary} onClick={onClose}>Close</button>
          </div>
        </form>
      )}
    </section>
  );
}
