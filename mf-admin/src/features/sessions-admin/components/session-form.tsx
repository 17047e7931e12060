import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, type SessionOwner } from '@institute/shared/api';
import type { ClassSession, ClassSessionInput, ClassSessionMode } from '@institute/shared/contract';
import { SESSION_MODE_LABEL } from '@institute/shared/rules';
import { useSessionMutations } from '../api/sessions';
import ui from '../../../components/admin-ui.module.css';

interface Values {
  startsOn: string;
  endsOn: string;
  schedule: string;
  mode: ClassSessionMode;
  address: string;
  seats: string;
  enrollmentDeadline: string;
}

const EMPTY: Values = { startsOn: '', endsOn: '', schedule: '', mode: 'in_person', address: '', seats: '', enrollmentDeadline: '' };

const toValues = (s: ClassSession): Values => ({
  startsOn: s.startsOn, endsOn: s.endsOn, schedule: s.schedule, mode: s.mode, address: s.address ?? '',
  seats: s.seats === null ? '' : String(s.seats), enrollmentDeadline: s.enrollmentDeadline,
});

/** Blank seats mean unlimited; anything else goes as typed, and the server says what is wrong with it. */
function toInput(values: Values, owner: SessionOwner): ClassSessionInput {
  const seats = values.seats.trim() === '' ? null : Number(values.seats);
  return {
    ...(owner.kind === 'course' ? { courseId: owner.id } : { programId: owner.id }),
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    schedule: values.schedule.trim(),
    mode: values.mode,
    address: values.mode === 'online' ? null : values.address.trim() || null,
    seats,
    enrollmentDeadline: values.enrollmentDeadline,
  };
}

interface Props {
  owner: SessionOwner;
  editing: ClassSession | null;
  onSaved(how: 'added' | 'updated'): void;
  onCancel(): void;
}

/** Create or edit a class session. Validation is the server's: its message is shown as it says it. */
export function SessionForm({ owner, editing, onSaved, onCancel }: Props) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => (editing ? toValues(editing) : EMPTY));
  const { save } = useSessionMutations();
  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: editing?.id, body: toInput(values, owner) }, { onSuccess: () => onSaved(editing ? 'updated' : 'added') });
  };
  const heading = editing ? 'Edit session' : 'Add session';
  const field = (name: keyof Values, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <div className={ui.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} className={ui.input} type={type} value={values[name]} onChange={set(name)} {...extra} />
    </div>
  );
  return (
    <form className={ui.form} aria-label={heading} onSubmit={submit}>
      <h2 className={`${ui.subtitle} ${ui.wide}`}>{heading}</h2>
      {save.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{apiErrorMessage(save.error)}</p> : null}
      {field('startsOn', 'Starts on', 'date', { required: true })}
      {field('endsOn', 'Ends on', 'date', { required: true })}
      {field('enrollmentDeadline', 'Enrollment deadline', 'date', { required: true })}
      {field('schedule', 'Schedule', 'text', { required: true, placeholder: 'Mon/Wed 6-9 pm', maxLength: 200 })}
      <div className={ui.field}>
        <label htmlFor={`${id}-mode`}>Mode</label>
        <select id={`${id}-mode`} className={ui.input} value={values.mode} onChange={set('mode')}>
          {(Object.keys(SESSION_MODE_LABEL) as ClassSessionMode[]).map((mode) => <option key={mode} value={mode}>{SESSION_MODE_LABEL[mode]}</option>)}
        </select>
      </div>
      {values.mode !== 'online' ? field('address', 'Address', 'text', { maxLength: 300 }) : null}
      {field('seats', 'Seats (blank: unlimited)', 'number', { min: 1, step: 1, inputMode: 'numeric' })}
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={save.isPending}>{save.isPending ? 'Saving...' : editing ? 'Save session' : 'Add session'}</button>
        {editing ? <button type="button" className={ui.secondary} onClick={onCancel}>Cancel edit</button> : null}
      </div>
    </form>
  );
}
