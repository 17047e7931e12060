import { apiErrorMessage } from '@institute/shared/api';
import { useCompleteClass } from '../api/sessions';
import ui from '../../../components/admin-ui.module.css';

export const confirmCompleteClass = (title: string) =>
  `Mark every seated student of ${title} completed and issue their certificates? Students with a balance due are skipped.`;

/** "Complete class": the whole list at once; what was issued and who was skipped (and why) is said plainly. */
export function CompleteClass({ sessionId, title }: { sessionId: string; title: string }) {
  const complete = useCompleteClass(sessionId);
  const onClick = () => {
    if (window.confirm(confirmCompleteClass(title))) complete.mutate();
  };
  const result = complete.data;
  return (
    <>
      <button type="button" className={`${ui.button} ${ui.small}`} disabled={complete.isPending} onClick={onClick}>
        {complete.isPending ? 'Completing...' : 'Complete class'}
      </button>
      {complete.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(complete.error)}</p> : null}
      {result ? (
        <div role="status" className={ui.success}>
          <p>{result.issued.length} {result.issued.length === 1 ? 'certificate' : 'certificates'} issued; {result.alreadyCompleted} already completed.</p>
          {result.skipped.length ? (
            <ul aria-label="Skipped">
              {result.skipped.map((s) => <li key={s.enrollmentId}>{s.username}: {s.reason}</li>)}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
