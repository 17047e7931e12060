import { Link } from '@institute/shared/router';
import { getConfig } from '@institute/shared/config';
import styles from './floating-buttons.module.css';

const ICONS = {
  call: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  message: 'M4 5h16v11H9l-5 4z',
} as const;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/** Always-visible shortcuts to reach the institute; fixed, so they take no space in the page flow. */
export function FloatingButtons() {
  const { phone, email } = getConfig().institute;
  return (
    <nav className={styles.dock} aria-label="Contact shortcuts">
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={styles.button} aria-label={`Call us at ${phone}`}><Icon path={ICONS.call} /></a>
      <a href={`mailto:${email}`} className={styles.button} aria-label={`Email us at ${email}`}><Icon path={ICONS.email} /></a>
      <Link to="/contact" className={styles.button} aria-label="Send us a message"><Icon path={ICONS.message} /></Link>
    </nav>
  );
}
