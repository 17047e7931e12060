import { useId, useState, type FormEvent } from 'react';
import type { SessionOwner } from '@institute/shared/api';
import type { InvoiceInput, User } from '@institute/shared/contract';
import { formatDay } from '@institute/shared/rules';
import { ProgramCombobox } from '@institute/shared/ui';
import { findStudent, useOpenSessions } from '../api/invoices';
import ui from '../../../components/admin-ui.module.css';

export const INVOICE_FORM_TEXT = {
  noStudent: 'No student account has this email. The student signs up first, then is invoiced.',
  alreadyAdded: 'This student is already on the invoice.',
  needProgram: 'Choose the course or program from the suggestions.',
  needSession: 'Choose the class session the students join.',
  needStudents: 'Add at least one student.',
} as const;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface Props {
  saving: boolean;
  error: string | null;
  onIssue(body: InvoiceInput): void;
  onCancel(): void;
}

/**
 * A new employer invoice: who is billed, the course and session the team joins, and its students by email. The
 * server prices every seat and takes them all or none (decision 052); the form only gathers who and what.
 */
export function InvoiceForm({ saving, error, onIssue, onCancel }: Props) {
  const id = useId();
  const [programText, setProgramText] = useState('');
  const [owner, setOwner] = useState<(SessionOwner & { title: string }) | null>(null);
  const open = useOpenSessions(owner).data ?? [];
  const [sessionId, setSessionId] = useState('');
  const [students, setStudents] = useState<User[]>([]);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  async function addStudent() {
    setProblem(null);
    if (!email.trim()) return;
    setLooking(true);
    try {
      const student = await findStudent(email);
      if (!student) setProblem(INVOICE_FORM_TEXT.noStudent);
      else if (students.some((s) => s._id === student._id)) setProblem(INVOICE_FORM_TEXT.alreadyAdded);
      else {
        setStudents([...students, student]);
        setEmail('');
      }
    } finally {
      setLooking(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    if (!owner) return setProblem(INVOICE_FORM_TEXT.needProgram);
    if (open.length > 0 && !sessionId) return setProblem(INVOICE_FORM_TEXT.needSession);
    if (students.length === 0) return setProblem(INVOICE_FORM_TEXT.needStudents);
    setProblem(null);
    onIssue({
      organization: { name: text('organization'), address: text('address') },
      contact: { name: text('contactName'), email: text('contactEmail') },
      dueOn: text('dueOn'),
      lines: students.map((s) => ({ userId: s._id, programId: owner.id, ...(sessionId ? { sessionId } : {}) })),
    });
  }

  return (
    <form className={ui.form} aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`} className={`${ui.subtitle} ${ui.wide}`}>New invoice</h2>
      <div className={ui.field}>
        <label htmlFor={`${id}-org`}>Organization</label>
        <input id={`${id}-org`} name="organization" className={ui.input} required maxLength={200} autoComplete="organization" />
      </div>
      <div className={`${ui.field} ${ui.wide}`}>
        <label htmlFor={`${id}-address`}>Organization address</label>
        <textarea id={`${id}-address`} name="address" className={ui.textarea} required maxLength={500} rows={3} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-contact`}>Contact name</label>
        <input id={`${id}-contact`} name="contactName" className={ui.input} required maxLength={200} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-email`}>Contact email</label>
        <input id={`${id}-email`} name="contactEmail" type="email" className={ui.input} required maxLength={254} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-due`}>Due date</label>
        <input id={`${id}-due`} name="dueOn" type="date" className={ui.input} required min={inDays(0)} defaultValue={inDays(30)} />
      </div>
      <div className={ui.wide}>
        <ProgramCombobox
          label="Course or program"
          value={programText}
          onValue={(value) => {
            setProgramText(value);
            if (owner && value !== owner.title) setOwner(null);
          }}
          onChoose={(option) => {
            setOwner({ kind: option.kind === 'Course' ? 'course' : 'program', id: option.id, title: option.title });
            setSessionId('');
          }}
          classes={{ field: ui.field, control: ui.input }}
        />
      </div>
      {owner && open.length > 0 ? (
        <div className={ui.field}>
          <label htmlFor={`${id}-session`}>Class session</label>
          <select id={`${id}-session`} className={ui.input} value={sessionId} onChange={(e) => setSessionId(e.target.value)}>
            <option value="">Choose a session</option>
            {open.map((s) => (
              <option key={s.id} value={s.id}>
                {`${formatDay(s.startsOn)} · ${s.schedule}${s.seatsLeft === null ? '' : ` · ${s.seatsLeft} seats left`}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={`${ui.field} ${ui.wide}`}>
        <label htmlFor={`${id}-student`}>Student email</label>
        <div className={ui.actions}>
          <input id={`${id}-student`} type="email" className={ui.input} value={email} onChange={(e) => setEmail(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void addStudent();
              }
            }} />
          <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={looking} onClick={() => void addStudent()}>Add student</button>
        </div>
      </div>
      {students.length > 0 ? (
        <ul className={`${ui.waitlist} ${ui.wide}`} aria-label="Students on this invoice">
          {students.map((s) => (
            <li key={s._id} className={ui.waitlistItem}>
              <span>{s.legalName ?? s.username} <span className={ui.muted}>({s.email})</span></span>
              <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Remove ${s.email}`}
                onClick={() => setStudents(students.filter((x) => x._id !== s._id))}>Remove</button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ?? error ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{problem ?? error}</p> : null}
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={saving}>{saving ? 'Issuing...' : 'Issue invoice'}</button>
        <button type="button" className={ui.secondary} onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
