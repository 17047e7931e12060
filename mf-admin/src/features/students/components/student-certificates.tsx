import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { Certificate, StudentRecord } from '@institute/shared/contract';
import { Link } from '@institute/shared/router';
import { formatDate } from '@institute/shared/rules';
import { useRevokeCertificate } from '../api/students';
import ui from '../../../components/admin-ui.module.css';

/** Revoking asks for the reason first (kept for the admin, never shown publicly); the server refuses a second time. */
function RevokeForm({ userId, certificate, onDone }: { userId: string; certificate: Certificate; onDone(): void }) {
  const id = useId();
  const revoke = useRevokeCertificate(userId);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    revoke.mutate({ certificateId: certificate.id, reason: reason.trim() }, { onSuccess: onDone });
  };
  return (
    <form className={ui.form} onSubmit={submit} aria-label={`Revoke certificate ${certificate.number}`}>
      {revoke.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(revoke.error)}</p> : null}
      <div className={`${ui.field} ${ui.wide}`}>
        <label htmlFor={`${id}-reason`}>Reason for revoking</label>
        <textarea id={`${id}-reason`} className={ui.textarea} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className={ui.formActions}>
        <button type="submit" className={ui.danger} disabled={revoke.isPending || reason.trim().length === 0}>
          {revoke.isPending ? 'Revoking...' : 'Revoke certificate'}
        </button>
        <button type="button" className={ui.secondary} onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

export function StudentCertificates({ record }: { record: StudentRecord }) {
  const [revoking, setRevoking] = useState<string | null>(null);
  return (
    <section aria-labelledby="student-certificates">
      <h3 id="student-certificates" className={ui.subtitle}>Certificates</h3>
      {record.certificates.length === 0 ? <p className={ui.muted}>No certificates yet.</p> : (
        <ul aria-label="Certificates">
          {record.certificates.map((c) => (
            <li key={c.id}>
              <p>
                <Link to={`/my-certificates/${c.id}`}>Certificate {c.number}</Link>: {c.program}, issued {formatDate(c.issuedAt)}, in the name {c.studentName}.{' '}
                {c.status === 'revoked'
                  ? <strong>Revoked {formatDate(c.revokedAt ?? c.issuedAt)}{c.revokeReason ? `: ${c.revokeReason}` : ''}</strong>
                  : <strong>Valid</strong>}{' '}
                <Link to={`/certificates/${c.code}`}>Public verification page</Link>
              </p>
              {c.status === 'valid' && revoking !== c.id ? (
                <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Revoke certificate ${c.number}`} onClick={() => setRevoking(c.id)}>Revoke</button>
              ) : null}
              {revoking === c.id ? <RevokeForm userId={record.user._id} certificate={c} onDone={() => setRevoking(null)} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
