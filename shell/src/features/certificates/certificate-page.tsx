import { useQuery } from '@tanstack/react-query';
import { certificatesApi, recordKeys } from '@institute/shared/api';
import { Link, useParams } from '@institute/shared/router';
import { formatDate, formatDateRange } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import styles from './certificate.module.css';

export const CERTIFICATE_NOT_FOUND = 'This certificate could not be found.';
export const PUBLIC_PATH = (code: string) => `/certificates/${code}`;
/** A program's hours are free text ("24 hours", "120"): a bare number gets its unit. */
const hoursText = (hours: string | null) => (!hours ? null : /^\d+([.,]\d+)?$/.test(hours.trim()) ? `${hours.trim()} hours` : hours);

/** /my-certificates/:id: the student's printable certificate; the server shows it to its owner or an admin only. */
export default function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = useQuery({ queryKey: recordKeys.certificate(id), queryFn: () => certificatesApi.get(id), retry: false });

  if (certificate.isPending) return <div className={styles.page}><h1 className={styles.title}>Certificate</h1><Spinner label="Loading certificate..." /></div>;
  if (certificate.isError) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Certificate</h1>
        <ErrorState>{CERTIFICATE_NOT_FOUND} <Link to="/profile">Back to your profile</Link></ErrorState>
      </div>
    );
  }
  const c = certificate.data;
  const verifyUrl = `${window.location.origin}${PUBLIC_PATH(c.code)}`;
  const details = [c.credential, hoursText(c.totalHours), c.startsOn && c.endsOn ? formatDateRange(c.startsOn, c.endsOn) : null].filter(Boolean);
  return (
    <div className={styles.page}>
      <article className={styles.sheet} aria-labelledby="certificate-title">
        <p className={styles.institute}>{c.institute.name}</p>
        <h1 id="certificate-title" className={styles.title}>Certificate of Completion</h1>
        <p className={styles.certifies}>This certifies that</p>
        <p className={styles.name}>{c.studentName}</p>
        <p className={styles.certifies}>has successfully completed</p>
        <p className={styles.program}>{c.program}</p>
        {details.length ? <p className={styles.details}>{details.join(' · ')}</p> : null}
        {c.status === 'revoked' ? <p className={styles.revoked}>This certificate was revoked on {formatDate(c.revokedAt ?? c.issuedAt)}.</p> : null}
        <div className={styles.footer}>
          <p>Certificate {c.number}<br />Issued {formatDate(c.issuedAt)}</p>
          <p>Verify at <a href={verifyUrl}>{verifyUrl}</a><br />{c.institute.address} · {c.institute.phone}</p>
        </div>
      </article>
      <div className={styles.actions}>
        <button type="button" className={styles.print} onClick={() => window.print()}>Print certificate</button>
        <Link to="/profile" className={styles.back}>Back to your profile</Link>
      </div>
    </div>
  );
}
