import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { StudentRecord } from '@institute/shared/contract';
import { useAddStudentNote } from '../api/students';
import { dateTime } from './date-time';
import { GrowingList } from './growing-list';
import ui from '../../../components/admin-ui.module.css';

/** Notes are appended, never edited (decision 046): newest first, each with its author and time. */
export function StudentNotes({ record }: { record: StudentRecord }) {
  const id = useId();
  const add = useAddStudentNote(record.user._id);
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim() || add.isPending) return;
    add.mutate(note.trim(), { onSuccess: () => setNote('') });
  };
  return (
    <section aria-labelledby="student-notes">
      <h3 id="student-notes" className={ui.subtitle}>Notes</h3>
      <form className={ui.form} onSubmit={submit} aria-label="Add a note">
        {add.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(add.error)}</p> : null}
        <div className={`${ui.field} ${ui.wide}`}>
          <label htmlFor={`${id}-note`}>New note</label>
          <textarea id={`${id}-note`} className={ui.textarea} rows={3} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className={ui.formActions}>
          <button type="submit" className={ui.button} disabled={add.isPending || !note.trim()}>{add.isPending ? 'Adding...' : 'Add note'}</button>
        </div>
      </form>
      <GrowingList record={record} list="notes" noun="notes" render={(items) => (
        <ol aria-label="Notes, newest first">
          {items.map((n) => (
            <li key={n.id}>
              <p className={ui.wrapAnywhere}>{n.body}</p>
              <p className={ui.muted}>{`${n.author?.username ?? 'A removed admin'}, ${dateTime(n.createdAt)}`}</p>
            </li>
          ))}
        </ol>
      )} />
    </section>
  );
}
