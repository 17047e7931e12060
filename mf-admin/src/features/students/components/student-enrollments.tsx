import { apiErrorMessage } from '@institute/shared/api';
import type { StudentRecord } from '@institute/shared/contract';
import { ENROLLMENT_STATUS_LABEL, formatDateRange, formatMoney } from '@institute/shared/rules';
import { AdminTable } from '../../../components/admin-table';
import { useCompleteEnrollment } from '../api/students';
import ui from '../../../components/admin-ui.module.css';

type Enrollment = StudentRecord['enrollments'][number];

/** Seated enrollments are the ones the server completes (decision 046); it says why when something is still due. */
const COMPLETABLE = new Set(['enrolled', 'paid_in_full']);

export function StudentEnrollments({ record }: { record: StudentRecord }) {
  const complete = useCompleteEnrollment(record.user._id);
  const certificateOf = (enrollmentId: string) => record.certificates.find((c) => c.enrollmentId === enrollmentId);
  const action = (e: Enrollment) => {
    if (COMPLETABLE.has(e.status)) {
      return (
        <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Mark ${e.title} completed`}
          disabled={complete.isPending} onClick={() => complete.mutate(e.id)}>
          {complete.isPending && complete.variables === e.id ? 'Completing...' : 'Mark completed'}
        </button>
      );
    }
    const certificate = certificateOf(e.id);
    return <span className={ui.muted}>{certificate ? `Certificate ${certificate.number}` : '-'}</span>;
  };
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
      <AdminTable<Enrollment>
        caption={`Enrollments of ${record.user.username}`}
        rows={record.enrollments}
        rowKey={(e) => e.id}
        empty="No enrollments."
        columns={[
          { header: 'Program', cell: (e) => e.title, className: ui.wrapAnywhere },
          { header: 'Session', cell: (e) => (e.session ? formatDateRange(e.session.startsOn, e.session.endsOn) : '-') },
          { header: 'Status', cell: (e) => ENROLLMENT_STATUS_LABEL[e.status] ?? e.status },
          { header: 'Paid', cell: (e) => formatMoney(e.amountPaid) },
          { header: 'Balance due', cell: (e) => formatMoney(e.balanceDue) },
          { header: 'Actions', cell: action },
        ]}
      />
    </section>
  );
}
