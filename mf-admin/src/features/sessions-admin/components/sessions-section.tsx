import { useState } from 'react';
import { apiErrorMessage, type SessionOwner } from '@institute/shared/api';
import type { ClassSession } from '@institute/shared/contract';
import { formatDateRange, formatDay, sessionPlace } from '@institute/shared/rules';
import { ErrorState, ProgramCombobox, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import { useAdminSessions, useSessionMutations } from '../api/sessions';
import { PlansPanel } from './plans-panel';
import { RosterPanel } from './roster-panel';
import { SessionForm } from './session-form';
import { WaitlistPanel } from './waitlist-panel';
import ui from '../../../components/admin-ui.module.css';

const STATUS: Record<ClassSession['status'], string> = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled' };
const seatsText = (s: ClassSession) => (s.seats === null ? `${s.seatsTaken} taken (unlimited)` : `${s.seatsTaken} of ${s.seats} taken`);

type Panel = { kind: 'roster' | 'waitlist'; session: ClassSession } | null;

/** The course or program whose sessions are shown: found by typing, never by reading the whole catalog. */
interface Owner extends SessionOwner {
  title: string;
}

function OwnerPicker({ onChoose }: { onChoose(owner: Owner): void }) {
  const [text, setText] = useState('');
  return (
    <ProgramCombobox
      label="Course or program"
      value={text}
      onValue={setText}
      onChoose={(option) => onChoose({ kind: option.kind === 'Course' ? 'course' : 'program', id: option.id, title: option.title })}
      classes={{ field: ui.field, control: ui.input }}
    />
  );
}

/**
 * Class sessions of one course or program (issue 29): list, add, edit, close, reopen, cancel; class list; waitlist.
 * Its payment plans too (issue 30), whose due dates follow those sessions' starts.
 */
export function SessionsSection() {
  const [owner, setOwner] = useState<Owner | null>(null);
  const title = owner?.title ?? '';
  const sessions = useAdminSessions(owner);
  const { act } = useSessionMutations();
  const [editing, setEditing] = useState<ClassSession | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState('');
  const [panel, setPanel] = useState<Panel>(null);

  const choose = (picked: Owner) => {
    setOwner(picked);
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

  const small = `${ui.secondary} ${ui.small}`;
  const actionButton = (s: ClassSession, action: 'close' | 'reopen' | 'cancel', text: string) => (
    <button type="button" className={action === 'cancel' ? `${ui.danger} ${ui.small}` : small} aria-label={`${text} ${formatDateRange(s.startsOn, s.endsOn)}`}
      disabled={act.isPending} onClick={() => doAction(s, action)}>{text}</button>
  );
  const actions = (s: ClassSession) => {
    const label = formatDateRange(s.startsOn, s.endsOn);
    return (
      <span className={ui.actions}>
        <button type="button" className={small} aria-label={`Class list of ${label}`} onClick={() => setPanel({ kind: 'roster', session: s })}>Class list</button>
        <button type="button" className={small} aria-label={`Waitlist of ${label}`} onClick={() => setPanel({ kind: 'waitlist', session: s })}>Waitlist</button>
        {s.status !== 'cancelled' ? (
          <button type="button" className={small} aria-label={`Edit ${label}`} onClick={() => { setEditing(s); setFormKey((k) => k + 1); }}>Edit</button>
        ) : null}
        {s.status === 'open' ? actionButton(s, 'close', 'Close') : null}
        {s.status === 'closed' ? actionButton(s, 'reopen', 'Reopen') : null}
        {s.status !== 'cancelled' ? actionButton(s, 'cancel', 'Cancel') : null}
      </span>
    );
  };
  const columns: Column<ClassSession>[] = [
    { header: 'Dates', cell: (s) => formatDateRange(s.startsOn, s.endsOn) },
    { header: 'Schedule and place', cell: (s) => <>{s.schedule}<br /><span className={ui.muted}>{sessionPlace(s)}</span></>, className: ui.wrapAnywhere },
    { header: 'Seats', cell: (s) => <>{seatsText(s)}{s.waitlistLength > 0 ? <><br /><span className={ui.muted}>{s.waitlistLength} waiting</span></> : null}</> },
    { header: 'Enroll by', cell: (s) => formatDay(s.enrollmentDeadline) },
    { header: 'Status', cell: (s) => STATUS[s.status] },
    { header: 'Actions', cell: actions },
  ];

  return (
    <>
      <OwnerPicker onChoose={choose} />
      {owner ? null : <p className={ui.muted}>Type a few letters of its title, then choose it from the list.</p>}
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
          {sessions.data ? <AdminTable caption={`Sessions of ${title}`} captionHidden columns={columns} rows={sessions.data} rowKey={(s) => s.id} empty="No sessions yet." /> : null}
          {panel?.kind === 'roster' ? <RosterPanel key={panel.session.id} session={panel.session} title={title} /> : null}
          {panel?.kind === 'waitlist' ? <WaitlistPanel key={panel.session.id} session={panel.session} title={title} /> : null}
          <PlansPanel key={owner.id} programId={owner.id} title={title} />
        </>
      ) : null}
    </>
  );
}
