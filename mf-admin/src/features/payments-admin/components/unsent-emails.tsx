import { useQuery } from '@tanstack/react-query';
import { emailsApi, queryKeys } from '@institute/shared/api';
import { formatDate } from '@institute/shared/rules';
import ui from '../../../components/admin-ui.module.css';
import styles from './payments-admin.module.css';

/** Mail the API could not send (given up, or retrying after a failure): receipts, refunds, password resets. */
export function UnsentEmails() {
  const unsent = useQuery({ queryKey: queryKeys.unsentEmails, queryFn: emailsApi.unsent });
  if (!unsent.data || unsent.data.length === 0) return null;
  return (
    <section className={styles.unsent} aria-labelledby="unsent-emails">
      <h2 id="unsent-emails">Emails not sent</h2>
      <ul>
        {unsent.data.map((mail) => (
          <li key={mail._id}>
            <strong>{mail.status === 'FAILED' ? 'Failed' : 'Retrying'}</strong>: {mail.kind} to {mail.to}, {formatDate(mail.createdAt)},
            {' '}{mail.attempts} attempt{mail.attempts === 1 ? '' : 's'}
            {mail.lastError ? <span className={`${styles.block} ${ui.muted}`}>{mail.lastError}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
