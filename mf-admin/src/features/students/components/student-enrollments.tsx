import { apiErrorMessage } from '@institute/shared/api';
import type { StudentRecord } from '@institute/shared/contract';
import { ENROLLMENT_STATUS_LABEL, formatDateRange, formatMoney } from '@institute/shared/rules';
import { useCompleteEnrollment } from '../api/students';
import ui from '../../../components/admin-ui.module.css';

/** Seated enrollments are the ones the server completes (decision 046); it says why when something is still due. */
const COMPLETABLE = new Set(['enrolled', 'paid_in_full']);

export function StudentEnrollments({ record }: { record: StudentRecord }) {
  const complete = useCompleteEnrollment(record.user._id);
  const certificateOf = (enrollmentId: string) => record.certificates.find((c) => c.enrollmentId === enrollmentId);
  return (
    <section aria-labelledby="student-enrollments">
      <h3 id="student-enrollments" className={ui.subtitle}>Enrollments</h3>
      <p>Paid {formatMoney(record.balance.paid)}, due {formatMoney(record.balance.due)} over the enrollments holding a seat.</p>
      {complete.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(complete.error)}</p> : null}
      {complete.isSuccess ? (
        <p role="status" className={ui.success}>
          {complete.data.issued ? 'Marked completed: certificate' : 'Already completed: certificate'} {complete.data.certificate.number}.
        </p>
      ) : null}
      {record.enrollments.length === 0 ? <p className={ui.muted}>No enrollments.</p> : (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.cards}`}>
            <caption>Enrollments of {record.user.username}</caption>
            <thead>
              <tr><th scope="col">Program</th><th scope="col">Session</th><th scope="col">Status</th><th scope="col">Paid</th><th scope="col">Balance due</th><th scope="col">Actions</th></tr>
            </thead>
            <tbody>
              {record.enrollments.map((e) => (
                <tr key={e.id}>
                  <td data-label="Program" className={ui.wrapAnywhere}>{e.title}</td>
                  <td data-label="Session">{e.session ? formatDateRange(e.session.startsOn, e.session.endsOn) : '-'}</td>
                  <td data-label="Status">{ENROLLMENT_STATUS_LABEL[e.status] ?? e.status}</td>
                  <td data-label="Paid">{formatMoney(e.amountPaid)}</td>
                  <td data-label="Balance due">{formatMoney(e.balanceDue)}</td>
                  <td data-label="Actions">
                    {COMPLETABLE.has(e.status) ? (
                      <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Mark ${e.title} completed`}
                        disabled={complete.isPending} onClick={() => complete.mutate(e.id)}>
                        {complete.isPending && complete.variables === e.id ? 'Completing...' : 'Mark completed'}
                      </button>
                    ) : <span className={ui.muted}>{certificateOf(e.id) ? `Certificate ${certificateOf(e.id)!.number}` : '-'}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
