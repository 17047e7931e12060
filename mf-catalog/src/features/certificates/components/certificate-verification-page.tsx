import { useParams } from '@institute/shared/router';
import { formatDate } from '@institute/shared/rules';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useVerification } from '../api/verification-query';
import styles from './certificate-verification.module.css';

export const VERIFICATION_TEXT = {
  title: 'Certificate verification',
  notFoundTitle: 'Certificate not found',
  notFound: 'No certificate has this code. Check the code printed on the certificate; letters may be typed in any case, with or without dashes.',
  failed: 'The certificate could not be checked right now. Please try again.',
  valid: 'Valid',
  revoked: 'Revoked',
} as const;

/** /certificates/:code: what anyone holding a certificate's code may check (issue 31), rendered on the server too. */
export function CertificateVerificationPage() {
  const { code = '' } = useParams<{ code: string }>();
  const { data: certificate, isPending, isError } = useVerification(code);
  usePageTitle(certificate === null ? VERIFICATION_TEXT.notFoundTitle : VERIFICATION_TEXT.title);

  if (isPending) return <><Banner title={VERIFICATION_TEXT.title} /><Spinner label="Checking the certificate..." /></>;
  if (isError) return <><Banner title={VERIFICATION_TEXT.title} /><ErrorState>{VERIFICATION_TEXT.failed}</ErrorState></>;
  if (!certificate) {
    return (
      <>
        <Banner title={VERIFICATION_TEXT.notFoundTitle} />
        <div className={styles.body}><p className={styles.notFound}>{VERIFICATION_TEXT.notFound}</p></div>
      </>
    );
  }
  const valid = certificate.status === 'valid';
  return (
    <>
      <Banner title={VERIFICATION_TEXT.title} subtitle={certificate.institute.name} />
      <div className={styles.body}>
        <article className={styles.card} aria-labelledby="certificate-status">
          <h2 id="certificate-status" className={valid ? styles.valid : styles.revoked}>
            {valid ? VERIFICATION_TEXT.valid : VERIFICATION_TEXT.revoked}
          </h2>
          {certificate.revokedAt ? <p className={styles.revokedOn}>Revoked on {formatDate(certificate.revokedAt)}</p> : null}
          <dl className={styles.facts}>
            <div><dt>Name</dt><dd>{certificate.studentName}</dd></div>
            <div><dt>Course</dt><dd>{certificate.program}</dd></div>
            <div><dt>Date</dt><dd>{formatDate(certificate.issuedAt)}</dd></div>
            <div><dt>Certificate number</dt><dd>{certificate.number}</dd></div>
          </dl>
        </article>
      </div>
    </>
  );
}
