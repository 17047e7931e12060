import { answeredStatus, apiErrorMessage } from '@institute/shared/api';
import type { User } from '@institute/shared/contract';
import { Link } from '@institute/shared/router';
import { formatDate } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { useStudentRecord } from '../api/students';
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

/** One student's record for the admin (issue 31): everything about them in one place, opened from Users. */
export function StudentPage({ userId }: { userId: string }) {
  const record = useStudentRecord(userId);
  const back = <p><Link to="/admin?section=users">Back to users</Link></p>;
  if (record.isPending) return <>{back}<Spinner label="Loading the student..." /></>;
  if (record.isError) {
    return <>{back}<ErrorState>{answeredStatus(record.error) === 404 ? STUDENT_NOT_FOUND : apiErrorMessage(record.error)}</ErrorState></>;
  }
  const { user } = record.data;
  return (
    <>
      {back}
      <h2 className={ui.subtitle}>{user.legalName || user.username}</h2>
      <ContactDetails user={user} />
      <StudentEnrollments record={record.data} />
      <StudentCertificates record={record.data} />
      {/* The ledger's dialogs (offline payment, credit, void, manual enrollment) mount here once that panel exists. */}
      <StudentPayments record={record.data} />
      <StudentAgreements record={record.data} />
      <StudentEmails record={record.data} />
      <StudentNotes record={record.data} />
    </>
  );
}
