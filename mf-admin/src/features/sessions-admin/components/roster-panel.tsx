import { useState } from 'react';
import type { ClassSession } from '@institute/shared/contract';
import { Link } from '@institute/shared/router';
import { ENROLLMENT_STATUS_LABEL, formatDateRange, formatDay, formatMoney } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { downloadFile } from '../../../lib/download';
import { downloadProblem } from '../../../lib/download-problem';
import { adminRecordsApi } from '@institute/shared/api/admin';
import { useRoster } from '../api/sessions';
import { CompleteClass } from './complete-class';
import { AdminTable, type Column } from '../../../components/admin-table';
import ui from '../../../components/admin-ui.module.css';

type RosterEntry = NonNullable<ReturnType<typeof useRoster>['data']>[number];
const ROSTER_COLUMNS: Column<RosterEntry>[] = [
  {
    header: 'Student',
    className: ui.wrapAnywhere,
    cell: ({ user }) => <><Link to={`/admin?section=users&student=${encodeURIComponent(user.id)}`}>{user.username}</Link><br /><span className={ui.muted}>{user.email}</span></>,
  },
  { header: 'Status', cell: (entry) => ENROLLMENT_STATUS_LABEL[entry.status] ?? entry.status },
  { header: 'Paid', cell: (entry) => formatMoney(entry.amountPaid) },
  { header: 'Balance due', cell: (entry) => formatMoney(entry.balanceDue) },
  {
    header: 'Agreement',
    cell: (entry) => (entry.agreementVersion !== null && entry.acceptedAt ? `Version ${entry.agreementVersion}, ${formatDay(entry.acceptedAt)}` : 'Not accepted'),
  },
];

/** The class list of one session: who, status, what is paid and due, which agreement they accepted; and its CSV. */
export function RosterPanel({ session, title }: { session: ClassSession; title: string }) {
  const roster = useRoster(session.id);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    try {
      const file = await adminRecordsApi.rosterCsv(session);
      downloadFile(file.name, file.blob, 'text/csv');
    } catch (error) {
      setProblem(downloadProblem('The class list could not be downloaded', error));
    }
  };
  const caption = `Class list: ${title}, ${formatDateRange(session.startsOn, session.endsOn)}`;
  return (
    <section aria-label={caption}>
      <h3 className={ui.subtitle}>{caption}</h3>
      <div className={ui.actions}>
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => void download()}>Download CSV</button>
        {roster.data?.some((entry) => entry.status === 'enrolled' || entry.status === 'paid_in_full') ? <CompleteClass sessionId={session.id} title={title} /> : null}
      </div>
      {problem ? <p role="alert" className={ui.error}>{problem}</p> : null}
      {roster.isPending ? <Spinner label="Loading the class list..." /> : null}
      {roster.isError ? <ErrorState>The class list could not be loaded.</ErrorState> : null}
      {roster.data ? (
        <AdminTable caption={caption} captionHidden columns={ROSTER_COLUMNS} rows={roster.data} rowKey={(entry) => entry.enrollmentId} empty="Nobody is enrolled yet." />
      ) : null}
    </section>
  );
}
