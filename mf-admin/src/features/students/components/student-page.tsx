import { Suspense, type ComponentType } from 'react';
import { answeredStatus, apiErrorMessage } from '@institute/shared/api';
import type { User } from '@institute/shared/contract';
import { Link } from '@institute/shared/router';
import { formatDate } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { useFollowLedger, useStudentRecord } from '../api/students';
import { StudentCertificates } from './student-certificates';
import { StudentEnrollments } from './student-enrollments';
import { StudentAgreements, StudentEmails, StudentPayments } from './student-history';
import { StudentNotes } from './student-notes';
import ui from '../../../components/admin-ui.module.css';
import styles from './student-page.module.css';

export const STUDENT_NOT_FOUND = 'This student could not be found.';

function ContactDetails({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Username', user.username],
    ['Legal name', user.legalName || 'Not given'],
    ['Email', user.email],
    ['Phone', user.phone || 'Not given'],
    ['Role', user.role === 'admin' ? 'Admin' : 'Student'],
    ['Account created', user.createdAt ? formatDate(user.createdAt) : '-'],
  ];
  return (
    <section aria-labelledby="student-contact">
      <h3 id="student-contact" className={ui.subtitle}>Contact details</h3>
      <dl className={styles.facts}>
        {rows.map(([term, value]) => <div key={term}><dt>{term}</dt><dd className={ui.wrapAnywhere}>{value}</dd></div>)}
      </dl>
    </section>
  );
}

/** The ledger's panel (features/ledger), handed in by the admin page: features do not import each other. */
export type LedgerPanel = ComponentType<{ userId: string }>;

/**
 * One student's record for the admin (issue 31): everything about them in one place, opened from Users, with the
 * ledger's dialogs (record an offline payment, credit, void, enroll manually) beside the payments.
 */
export function StudentPage({ userId, ledgerPanel: Ledger }: { userId: string; ledgerPanel: LedgerPanel }) {
  const record = useStudentRecord(userId);
  useFollowLedger(userId);
  const back = <p><Link to="/admin?section=users">Back to users</Link></p>;
  if (record.isPending) return <>{back}<Spinner label="Loading the student..." /></>;
  if (record.isError) {
    return <>{back}<ErrorState>{answeredStatus(record.error) === 404 ? STUDENT_NOT_FOUND : apiErrorMessage(record.error)}</ErrorState></>;
  }
  const { user } = record.data;
  return (
    <>
      {back}
      {/* A username is one long word (as signed-up ones often are): it breaks rather than widen a phone's page. */}
      <h2 className={`${ui.subtitle} ${ui.wrapAnywhere}`}>{user.legalName || user.username}</h2>
      <ContactDetails user={user} />
      <StudentEnrollments record={record.data} />
      <StudentCertificates record={record.data} />
      <section aria-labelledby="student-ledger">
        <h3 id="student-ledger" className={ui.subtitle}>Balances and offline payments</h3>
        <Suspense fallback={<Spinner label="Loading the balance..." />}><Ledger userId={user._id} /></Suspense>
      </section>
      <StudentPayments record={record.data} />
      <StudentAgreements record={record.data} />
      <StudentEmails record={record.data} />
      <StudentNotes record={record.data} />
    </>
  );
}
