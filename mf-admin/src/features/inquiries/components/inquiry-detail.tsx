import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { InquiryStatus, InquiryWithNotes } from '@institute/shared/contract';
import { formatDate } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { INQUIRY_STATUSES, useAddNote, useAdmins, useCreateAccount, useInquiry, useUpdateInquiry } from '../api/inquiries';
import ui from '../../../components/admin-ui.module.css';

/** dd.mm.yyyy HH:MM in the admin's own time zone: when it came in, or when a note was written. */
const KIND_TEXT = { contact: 'Contact message', appointment: 'Appointment request', advising: 'Advising booking' } as const;

export function receivedAt(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(date)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

function Facts({ inquiry }: { inquiry: InquiryWithNotes }) {
  const rows: [string, string][] = [
    ['Received', receivedAt(inquiry.createdAt)],
    ['Type', KIND_TEXT[inquiry.kind]],
    ['Email', inquiry.email],
    ['Phone', inquiry.number || '-'],
  ];
  if (inquiry.kind !== 'contact') {
    rows.push([inquiry.kind === 'advising' ? 'Session' : 'Program', inquiry.program || '-']);
    rows.push([inquiry.kind === 'advising' ? 'Booked time' : 'Preferred time', inquiry.preferredDate
      ? `${inquiry.preferredDate}${inquiry.preferredTime ? ` ${inquiry.preferredTime}` : ''} (${inquiry.timeZone ?? ''})` : '-']);
  }
  rows.push([{ contact: 'Message', appointment: 'Reason', advising: 'Topic' }[inquiry.kind], inquiry.message || '-']);
  return (
    <dl>
      {rows.map(([term, value]) => (
        <div key={term}><dt>{term}</dt><dd className={ui.wrapAnywhere}>{value}</dd></div>
      ))}
    </dl>
  );
}

/**
 * One inquiry and its follow-up: status, assignee, the notes (appended, each with its author and time) and the
 * student account with the same email, or a button that makes one and mails its owner a link to set a password.
 */
export function InquiryDetail({ id, onClose }: { id: string; onClose(): void }) {
  const formId = useId();
  const inquiry = useInquiry(id);
  const admins = useAdmins();
  const update = useUpdateInquiry();
  const addNote = useAddNote();
  const createAccount = useCreateAccount();
  const [note, setNote] = useState('');

  if (inquiry.isPending) return <Spinner label="Loading the inquiry..." />;
  if (inquiry.isError) return <ErrorState>{apiErrorMessage(inquiry.error)}</ErrorState>;
  const item = inquiry.data;
  const failed = [update, addNote, createAccount].find((mutation) => mutation.isError);

  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    addNote.mutate({ id, body: note.trim() }, { onSuccess: () => setNote('') });
  };

  return (
    <section aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className={ui.subtitle}>{`Inquiry from ${item.name}`}</h2>
      <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={onClose}>Close</button>
      {failed?.error ? <p role="alert" className={ui.error}>{apiErrorMessage(failed.error)}</p> : null}
      <Facts inquiry={item} />
      <div className={ui.form}>
        <div className={ui.field}>
          <label htmlFor={`${formId}-status`}>Status</label>
          <select id={`${formId}-status`} className={ui.input} value={item.status} disabled={update.isPending}
            onChange={(e) => update.mutate({ id, change: { status: e.target.value as InquiryStatus } })}>
            {INQUIRY_STATUSES.map(([key, label]) => <option key={key} value={key}>{label}</option>)}
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor={`${formId}-assignee`}>Assignee</label>
          <select id={`${formId}-assignee`} className={ui.input} value={item.assignee?._id ?? ''} disabled={update.isPending}
            onChange={(e) => update.mutate({ id, change: { assigneeId: e.target.value || null } })}>
            <option value="">Nobody</option>
            {item.assignee && !admins.data?.items.some((a) => a._id === item.assignee?._id)
              ? <option value={item.assignee._id}>{item.assignee.username}</option> : null}
            {admins.data?.items.map((admin) => <option key={admin._id} value={admin._id}>{admin.username}</option>)}
          </select>
        </div>
      </div>
      <p>
        {item.student ? `Student account: ${item.student.username}` : 'No student account has this email. '}
        {item.student ? null : (
          <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={createAccount.isPending} onClick={() => createAccount.mutate(id)}>
            {createAccount.isPending ? 'Creating account...' : 'Create account'}
          </button>
        )}
      </p>
      {createAccount.isSuccess ? <p role="status" className={ui.success}>Account created. We emailed {item.email} a link to choose a password.</p> : null}
      <h3 className={ui.subtitle}>Notes</h3>
      {item.notes.length === 0 ? <p className={ui.muted}>No notes yet.</p> : (
        <ol aria-label="Notes, oldest first">
          {item.notes.map((n) => (
            <li key={n._id}>
              <p className={ui.wrapAnywhere}>{n.body}</p>
              <p className={ui.muted}>{`${n.author}, ${receivedAt(n.createdAt)}`}</p>
            </li>
          ))}
        </ol>
      )}
      <form className={ui.form} onSubmit={submitNote} aria-label="Add a note">
        <div className={`${ui.field} ${ui.wide}`}>
          <label htmlFor={`${formId}-note`}>New note</label>
          <textarea id={`${formId}-note`} className={ui.textarea} rows={3} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className={ui.formActions}>
          <button type="submit" className={ui.button} disabled={addNote.isPending || !note.trim()}>{addNote.isPending ? 'Adding...' : 'Add note'}</button>
        </div>
      </form>
    </section>
  );
}
