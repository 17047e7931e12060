import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, ledgerApi } from '@institute/shared/api';
import { ProgramCombobox } from '@institute/shared/ui';
import { Dialog } from '@institute/shared/ui/dialog';
import { useLedgerWrite } from '../api/ledger';
import { ownerOf, SessionSelect, useUpcomingSessions } from './session-select';
import ui from '../../../components/admin-ui.module.css';
import styles from './ledger.module.css';

export interface ChosenProgram {
  programId: string;
  kind: 'course' | 'quick_program';
  title: string;
}

interface Props {
  userId: string;
  studentName: string;
  /** Preset when opened from one program's row; otherwise the admin picks the course or program. */
  program?: ChosenProgram | undefined;
  onClose(): void;
  onDone(message: string): void;
}

/**
 * Enrollment with nothing paid (decision 043): a seat in a session, taken under the same lock as every other path,
 * so a full or closed session is the server's refusal, shown as sent.
 */
export function EnrollDialog({ userId, studentName, program: preset, onClose, onDone }: Props) {
  const id = useId();
  const [text, setText] = useState(preset?.title ?? '');
  const [program, setProgram] = useState<ChosenProgram | null>(preset ?? null);
  const [sessionId, setSessionId] = useState('');
  const [error, setError] = useState('');
  const sessions = useUpcomingSessions(program ? ownerOf(program.programId, program.kind) : null);
  const write = useLedgerWrite((body: Parameters<typeof ledgerApi.enroll>[0]) => ledgerApi.enroll(body));
  const list = sessions.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!program) return setError('Choose a course or program from the suggestions.');
    if (list.length > 0 && !sessionId) return setError('Choose the class session.');
    setError('');
    if (write.isPending) return undefined;
    return write.mutate(
      { userId, programId: program.programId, ...(sessionId ? { sessionId } : {}) },
      { onSuccess: (record) => onDone(`${studentName} is enrolled in ${record.title} with nothing paid.`) },
    );
  };

  return (
    <Dialog title={`Enroll manually: ${studentName}`} width="wide" onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Enroll manually">
        {preset ? (
          <p className={ui.wide}>{preset.title}</p>
        ) : (
          <div className={ui.wide}>
            <ProgramCombobox
              label="Course or program"
              value={text}
              onValue={(value) => {
                setText(value);
                if (program && value !== program.title) setProgram(null);
              }}
              onChoose={(option) => {
                setProgram({ programId: option.id, kind: option.kind === 'Course' ? 'course' : 'quick_program', title: option.title });
                setSessionId('');
              }}
              classes={{ field: ui.field, control: ui.input }}
            />
          </div>
        )}
        {program && sessions.isSuccess && list.length > 0 ? (
          <SessionSelect id={`${id}-session`} label="Class session" sessions={list} value={sessionId} onChange={setSessionId} />
        ) : null}
        {program && sessions.isSuccess && list.length === 0 ? <p className={`${ui.muted} ${ui.wide}`}>No upcoming class sessions.</p> : null}
        {error ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{error}</p> : null}
        {write.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{apiErrorMessage(write.error)}</p> : null}
        <div className={ui.formActions}>
          <button type="submit" className={ui.button} disabled={write.isPending}>{write.isPending ? 'Enrolling...' : 'Enroll with nothing paid'}</button>
          <button type="button" className={ui.secondary} onClick={onClose}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}
