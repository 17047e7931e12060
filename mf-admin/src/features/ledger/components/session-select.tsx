import { useQuery } from '@tanstack/react-query';
import { classSessionKeys, classSessionsApi, type SessionOwner } from '@institute/shared/api';
import type { ClassSession } from '@institute/shared/contract';
import { formatDay } from '@institute/shared/rules';
import ui from '../../../components/admin-ui.module.css';
import styles from './ledger.module.css';

export const ownerOf = (programId: string, kind: 'course' | 'quick_program'): SessionOwner =>
  ({ kind: kind === 'course' ? 'course' : 'program', id: programId });

const seatsText = (s: ClassSession) => (s.seatsLeft === null ? 'open seats' : `${s.seatsLeft} of ${s.seats} seats left`);

export const sessionLabel = (s: ClassSession) => `Starts ${formatDay(s.startsOn)} · ${s.schedule} · ${seatsText(s)}`;

/** The upcoming sessions of a course, for a seat: the server decides whether the chosen one still has room. */
export function useUpcomingSessions(owner: SessionOwner | null) {
  return useQuery({
    queryKey: owner ? classSessionKeys.of(owner) : ['class-sessions', 'none'],
    queryFn: ({ signal }) => classSessionsApi.list(owner!, { signal }),
    enabled: owner !== null,
  });
}

interface Props {
  id: string;
  label: string;
  sessions: ClassSession[];
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}

export function SessionSelect({ id, label, sessions, value, onChange, error }: Props) {
  return (
    <div className={`${ui.field} ${ui.wide}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id} className={ui.input} value={value} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Choose a session</option>
        {sessions.map((s) => (
          <option key={s.id} value={s.id} disabled={s.status !== 'open' || s.seatsLeft === 0}>{sessionLabel(s)}</option>
        ))}
      </select>
      {error ? <span id={`${id}-error`} className={styles.fieldError}>{error}</span> : null}
    </div>
  );
}
