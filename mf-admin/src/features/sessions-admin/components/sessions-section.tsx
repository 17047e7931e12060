import { useId, useState } from 'react';
import { apiErrorMessage, type SessionOwner } from '@institute/shared/api';
import type { ClassSession } from '@institute/shared/contract';
import { formatDateRange, formatDay, sessionPlace } from '@institute/shared/rules';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { useAdminSessions, useOwners, useSessionMutations } from '../api/sessions';
import { RosterPanel } from './roster-panel';
import { SessionForm } from './session-form';
import { WaitlistPanel } from './waitlist-panel';
import ui from '../../../components/admin-ui.module.css';

const STATUS: Record<ClassSession['status'], string> = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled' };
const seatsText = (s: ClassSession) => (s.seats === null ? `${s.seatsTaken} taken (unlimited)` : `${s.seatsTaken} of ${s.seats} taken`);

type Panel = { kind: 'roster' | 'waitlist'; session: ClassSession } | null;

function OwnerPicker({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  const { courses, programs } = useOwners();
  if (courses.isPending || programs.isPending) return <Spinner label="Loading courses and programs..." />;
  if (courses.isError || programs.isError) return <ErrorState>Courses and programs could not be loaded.</ErrorState>;
  return (
    <div className={ui.field}>
      <label htmlFor={id}>Course or program</label>
      <select id={id} className={ui.input} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose one...</option>
        <optgroup label="Courses">
          {courses.data.map((c) => <option key={c._id} value={`course:${c._id}`}>{c.title}</option>)}
        </optgroup>
        <optgroup label="Quick programs">
          {programs.data.map((p) => <option key={p._id} value={`program:${p._id}`}>{p.title}</option>)}
        </optgroup>
      </select>
    </div>
  );
}

function readOwner(value: string): SessionOwner | null {
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  return (kind === 'course' || kind === 'program') && id ? { kind, id } : null;
}

/** Class sessions of one course or program (issue 29): list, add, edit, close, reopen, cancel; class list; waitlist. */
export function SessionsSection() {
  const [picked, setPicked] = useState('');
  const owner = readOwner(picked);
  const { courses, programs } = useOwners();
  const title = [...(courses.data ?? []), ...(programs.data ?? [])].find((item) => item._id === owner?.id)?.title ?? '';
  const sessions = useAdminSessions(owner);
  const { act } = useSessionMutations();
  const [editing, setEditing] = useState<ClassSession | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState('');
  const [panel, setPanel] = useState<Panel>(null);

  const choose = (value: string) => {
    setPicked(value);
    setEditing(null);
    setPanel(null);
    setNotice('');
    setFormKey((k) => k + 1);
  };
  const doAction = (session: ClassSession, action: 'close' | 'reopen' | 'cancel') => {
    if (action === 'cancel' && !window.confirm('Cancel this session? Students see it no more and it cannot be reopened.')) return;
    setNotice('');
    act.mutate({ id: session.id, action }, { onSuccess: () => setNotice(`Session ${action === 'close' ? 'closed' : action === 'reopen' ? 'reopened' : 'cancelled'}.`) });
  };

  return (
    <>
      <OwnerPicker value={picked} onChange={choose} />
      <p role="status" className={notice ? ui.success : undefined}>{notice}</p>
      {owner ? (
        <>
          <SessionForm
            key={formKey}
            owner={owner}
            editing={editing}
            onSaved={(how) => {
              setEditing(null);
              setFormKey((k) => k + 1);
              setNotice(`Session ${how}.`);
            }}
            onCancel={() => {
              setEditing(null);
              setFormKey((k) => k + 1);
            }}
          />
          <h2 className={ui.subtitle}>{`Sessions of ${title}`}</h2>
          {act.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(act.error)}</p> : null}
          {sessions.isPending ? <Spinner label="Loading sessions..." /> : null}
          {sessions.isError ? <ErrorState>The sessions could not be loaded.</ErrorState> : null}
          {sessions.data && sessions.data.length === 0 ? <EmptyState>No sessions yet.</EmptyState> : null}
          {sessions.data && sessions.data.length > 0 ? (
            <div className={ui.tableWrap}>
              <table className={`${ui.table} ${ui.cards}`}>
                <thead>
                  <tr>
                    <th scope="col">Dates</th><th scope="col">Schedule and place</th><th scope="col">Seats</th>
                    <th scope="col">Enroll by</th><th scope="col">Status</th><th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.data.map((s) => {
                    const label = formatDateRange(s.startsOn, s.endsOn);
                    return (
                      <tr key={s.id}>
                        <td data-label="Dates">{label}</td>
                        <td data-label="Schedule and place" className={ui.wrapAnywhere}>{s.schedule}<br /><span className={ui.muted}>{sessionPlace(s)}</span></td>
                        <td data-label="Seats">{seatsText(s)}{s.waitlistLength > 0 ? <><br /><span className={ui.muted}>{s.waitlistLength} waiting</span></> : null}</td>
                        <td data-label="Enroll by">{formatDay(s.enrollmentDeadline)}</td>
                        <td data-label="Status">{STATUS[s.status]}</td>
                        <td data-label="Actions">
                          <span className={ui.actions}>
                            <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Class list of ${label}`} onClick={() => setPanel({ kind: 'roster', session: s })}>Class list</button>
                            <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Waitlist of ${label}`} onClick={() => setPanel({ kind: 'waitlist', session: s })}>Waitlist</button>
                            {s.status !== 'cancelled' ? (
                              <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Edit ${label}`} onClick={() => { setEditing(s); setFormKey((k) => k + 1); }}>Edit</button>
                            ) : null}
                            {s.status === 'open' ? <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Close ${label}`} disabled={act.isPending} onClick={() => doAction(s, 'close')}>Close</button> : null}
                            {s.status === 'closed' ? <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Reopen ${label}`} disabled={act.isPending} onClick={() => doAction(s, 'reopen')}>Reopen</button> : null}
                            {s.status !== 'cancelled' ? <button type="button" className={`${ui.danger} ${ui.small}`} aria-label={`Cancel ${label}`} disabled={act.isPending} onClick={() => doAction(s, 'cancel')}>Cancel</button> : null}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
          {panel?.kind === 'roster' ? <RosterPanel key={panel.session.id} session={panel.session} title={title} /> : null}
          {panel?.kind === 'waitlist' ? <WaitlistPanel key={panel.session.id} session={panel.session} title={title} /> : null}
        </>
      ) : null}
    </>
  );
}
