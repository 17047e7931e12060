import { getConfig } from '@institute/shared/config';
import { mailHref, telHref } from '../utils/links';
import styles from './contact.module.css';

export function ContactDetails() {
  const { address, email, phone } = getConfig().institute;
  return (
    <ul className={styles.details} aria-label="Contact details">
      <li className={styles.block}>
        <h2 className={styles.blockTitle}>Address</h2>
        <address className={styles.address}>{address}</address>
      </li>
      <li className={styles.block}>
        <h2 className={styles.blockTitle}>Email</h2>
        <a href={mailHref(email)}>{email}</a>
      </li>
      <li className={styles.block}>
        <h2 className={styles.blockTitle}>Phone</h2>
        <a href={telHref(phone)}>{phone}</a>
      </li>
    </ul>
  );
}
