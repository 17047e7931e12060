import { useId, useState, type FormEvent } from 'react';
import type { Coupon, CouponInput, CouponKind } from '@institute/shared/contract';
import { CouponProgramsField } from './coupon-programs-field';
import ui from '../../../components/admin-ui.module.css';

interface Props {
  /** The coupon being edited; null for a new one. */
  coupon: Coupon | null;
  saving: boolean;
  /** The server's refusal of the last save, shown as sent. */
  error: string | null;
  onSave(body: CouponInput): void;
  onCancel(): void;
}

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));
/** An empty box is "no limit" (null); anything else goes to the server as typed, which says what is wrong with it. */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** Create or edit a coupon; every rule is the server's (400 with what to change), shown above the form. */
export function CouponForm({ coupon, saving, error, onSave, onCancel }: Props) {
  const id = useId();
  const [kind, setKind] = useState<CouponKind>(coupon?.kind ?? 'percent');
  const [allPrograms, setAllPrograms] = useState(coupon?.allPrograms ?? true);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const value = numberOrNull(field('value'));
    onSave({
      code: field('code'),
      description: field('description'),
      kind,
      percentOff: kind === 'percent' ? value : null,
      amountOff: kind === 'amount' ? value : null,
      startsOn: field('startsOn') || null,
      endsOn: field('endsOn') || null,
      maxRedemptions: numberOrNull(field('maxRedemptions')),
      maxPerStudent: numberOrNull(field('maxPerStudent')),
      allPrograms,
      programIds: allPrograms ? [] : form.getAll('programIds').map(String),
      active: coupon?.active ?? true,
    });
  };

  return (
    <form className={ui.form} aria-label={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'} noValidate onSubmit={submit}>
      {error ? <p role="alert" className={ui.error}>{error}</p> : null}
      <div className={ui.field}>
        <label htmlFor={`${id}-code`}>Code</label>
        <input id={`${id}-code`} name="code" className={ui.input} required maxLength={32} autoComplete="off" defaultValue={coupon?.code ?? ''} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-description`}>Description</label>
        <input id={`${id}-description`} name="description" className={ui.input} maxLength={200} defaultValue={coupon?.description ?? ''} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-kind`}>Discount type</label>
        <select id={`${id}-kind`} className={ui.input} value={kind} onChange={(event) => setKind(event.target.value as CouponKind)}>
          <option value="percent">Percent of the price</option>
          <option value="amount">Amount in dollars</option>
        </select>
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-value`}>{kind === 'percent' ? 'Percent off' : 'Amount off (USD)'}</label>
        <input id={`${id}-value`} name="value" className={ui.input} type="number" inputMode="decimal" min={kind === 'percent' ? 1 : 0.01}
          max={kind === 'percent' ? 100 : undefined} step={kind === 'percent' ? 1 : 0.01} required key={kind}
          defaultValue={text(kind === 'percent' ? coupon?.percentOff : coupon?.amountOff)} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-starts`}>Valid from (optional)</label>
        <input id={`${id}-starts`} name="startsOn" className={ui.input} type="date" defaultValue={text(coupon?.startsOn)} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-ends`}>Valid until (optional)</label>
        <input id={`${id}-ends`} name="endsOn" className={ui.input} type="date" defaultValue={text(coupon?.endsOn)} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-max`}>Uses in total (empty: no limit)</label>
        <input id={`${id}-max`} name="maxRedemptions" className={ui.input} type="number" min={1} step={1} defaultValue={text(coupon?.maxRedemptions)} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-per`}>Uses per student (empty: no limit)</label>
        <input id={`${id}-per`} name="maxPerStudent" className={ui.input} type="number" min={1} step={1} defaultValue={text(coupon?.maxPerStudent ?? (coupon ? null : 1))} />
      </div>
      <div className={ui.field}>
        <label>
          <input type="checkbox" checked={allPrograms} onChange={(event) => setAllPrograms(event.target.checked)} /> Valid for every course and quick program
        </label>
      </div>
      {allPrograms ? null : <CouponProgramsField initialIds={coupon?.programIds ?? []} />}
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={saving}>{saving ? 'Saving...' : coupon ? 'Save coupon' : 'Create coupon'}</button>
        <button type="button" className={ui.secondary} onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
