import { useQuery } from '@tanstack/react-query';
import { agreementQuery } from '@institute/shared/api';
import { formatDay } from '@institute/shared/rules';
import styles from '../policies.module.css';

/**
 * The enrollment agreement's current version, read in the browser (it changes when the admin publishes one, while
 * the rest of the page is prerendered). Nothing shows while it loads, when none is published, or when it cannot be read.
 */
export function EnrollmentAgreement() {
  const { data: agreement } = useQuery(agreementQuery());
  if (!agreement) return null;
  return (
    <section className={styles.section} aria-labelledby="enrollment-agreement">
      <h2 id="enrollment-agreement">{agreement.title}</h2>
      <p className={styles.updated}>Version {agreement.version}, published {formatDay(agreement.publishedAt)}. Students accept it before paying for a class session.</p>
      {agreement.body.split(/\n\s*\n/).map((text) => text.trim()).filter(Boolean).map((text, index) => <p key={index}>{text}</p>)}
    </section>
  );
}
