import { useState } from 'react';
import type { ClassSession } from '@institute/shared/contract';
import { Link } from '@institute/shared/router';
import { ENROLLMENT_STATUS_LABEL, formatDateRange, formatDay, formatMoney } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { downloadFile } from '../../../lib/download';
import { fetchRosterCsv, useRoster } from '../api/sessions';
import { CompleteClass } from './complete-class';
import ui from '../../../components/admin-ui.module.css';

/** The class list of one session: who, status, what is paid and due, which agreement they accepted; and its CSV. */
export function RosterPanel({ session, title }: { session: ClassSession; title: string }) {
  const roster = useRoster(session.id);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    try {
      downloadFile(`class-list-${session.startsOn}-${session.id}.csv`, await fetchRosterCsv(session.id), 'text/csv');
    } catch (error) {
      setProblem((error as Error).message);
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
      {roster.data && roster.data.length === 0 ? <p className={ui.muted}>Nobody is enrolled yet.</p> : null}
      {roster.data && roster.data.length > 0 ? (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.cards}`}>
            <thead>
              <tr><th scope="col">Student</th><th scope="col">Status</th><th scope="col">Paid</th><th scope="col">Balance due</th><th scope="col">Agreement</th></tr>
            </thead>
            <tbody>
              {roster.data.map((entry) => (
                <tr key={entry.enrollmentId}>
                  <td data-label="Student" className={ui.wrapAnywhere}><Link to={`/admin?section=users&student=${encodeURIComponent(entry.user.id)}`}>{entry.user.username}</Link><br /><span className={ui.muted}>{entry.user.email}</span></td>
                  <td data-label="Status">{ENROLLMENT_STATUS_LABEL[entry.status] ?? entry.status}</td>
                  <td data-label="Paid">{formatMoney(entry.amountPaid)}</td>
                  <td data-label="Balance due">{formatMoney(entry.balanceDue)}</td>
                  <td data-label="Agreement">
                    {entry.agreementVersion !== null && entry.acceptedAt ? `Version ${entry.agreementVersion}, ${formatDay(entry.acceptedAt)}` : 'Not accepted'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
