import { useId, type FormEvent } from 'react';
import type { AdvisingSlotInput } from '@institute/shared/contract';
import ui from '../../../components/admin-ui.module.css';

interface Props {
  saving: boolean;
  /** The server's refusal of the last publish (past, outside office hours, an overlap), shown as sent. */
  error: string | null;
  onPublish(body: AdvisingSlotInput): void;
}

const LENGTHS = [15, 20, 30, 45, 60, 90];

/** One slot, or the same weekday and time for several weeks; every rule is the server's, which names what to fix. */
export function SlotForm({ saving, error, onPublish }: Props) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    onPublish({
      date: field('date'), time: field('time'), minutes: Number(field('minutes')), advisor: field('advisor'),
      capacity: Number(field('capacity') || 1), weeks: Number(field('weeks') || 1),
    });
  };
  return (
    <form className={ui.form} aria-label="Publish advising hours" noValidate onSubmit={submit}>
      {error ? <p role="alert" className={ui.error}>{error}</p> : null}
      <div className={ui.field}>
        <label htmlFor={`${id}-date`}>Date</label>
        <input id={`${id}-date`} name="date" type="date" className={ui.input} required />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-time`}>Start time</label>
        <input id={`${id}-time`} name="time" type="time" className={ui.input} required step={300} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-minutes`}>Length</label>
        <select id={`${id}-minutes`} name="minutes" className={ui.input} defaultValue="30">
          {LENGTHS.map((m) => <option key={m} value={m}>{m} minutes</option>)}
        </select>
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-advisor`}>Advisor</label>
        <input id={`${id}-advisor`} name="advisor" className={ui.input} required maxLength={120} autoComplete="off" />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-capacity`}>Places</label>
        <input id={`${id}-capacity`} name="capacity" type="number" min={1} max={50} defaultValue={1} className={ui.input} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-weeks`}>Repeat weekly for (weeks)</label>
        <input id={`${id}-weeks`} name="weeks" type="number" min={1} max={26} defaultValue={1} className={ui.input} />
      </div>
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={saving}>{saving ? 'Publishing...' : 'Publish'}</button>
      </div>
    </form>
  );
}
