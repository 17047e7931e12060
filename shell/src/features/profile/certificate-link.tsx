import { useQuery } from '@tanstack/react-query';
import { ApiError, certificatesApi, recordKeys } from '@institute/shared/api';
import { Link } from '@institute/shared/router';
import { formatDate } from '@institute/shared/rules';
import styles from './profile.module.css';

/** The student's certificates (issue 31), read once for every enrollment line; none where the API has none (404). */
export function useMyCertificates() {
  return useQuery({
    queryKey: recordKeys.myCertificates,
    queryFn: async () => {
      try {
        return await certificatesApi.mine();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

/** A completed enrollment's certificate, to its printable page; nothing before one is issued. */
export function CertificateLink({ enrollmentId, title }: { enrollmentId: string; title: string }) {
  const certificate = useMyCertificates().data?.find((c) => c.enrollmentId === enrollmentId);
  if (!certificate) return null;
  return (
    <p className={styles.certificate}>
      <Link to={`/my-certificates/${certificate.id}`} aria-label={`Certificate for ${title}`}>Certificate</Link>
      {' '}{certificate.number}, issued {formatDate(certificate.issuedAt)}
      {certificate.status === 'revoked' ? <strong className={styles.notOk}> (revoked {formatDate(certificate.revokedAt ?? certificate.issuedAt)})</strong> : null}
    </p>
  );
}
