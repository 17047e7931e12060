import { Link } from '@institute/shared/router';
import { getConfig } from '@institute/shared/config';
import styles from './logo.module.css';

/** An original mark: an open book whose pages rise into a step, for learning that leads somewhere. */
function LogoMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="var(--color-primary)" />
      <path d="M8 27.5c4-1.6 8-1.6 12 0V13c-4-1.6-8-1.6-12 0z" fill="var(--color-on-primary)" />
      <path d="M20 27.5c4-1.6 8-1.6 12 0V13c-4-1.6-8-1.6-12 0z" fill="var(--color-on-primary)" opacity="0.8" />
      <path d="M23 22h3v-3h3v-3h3" fill="none" stroke="var(--color-accent)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo() {
  const { name } = getConfig().institute;
  return (
    <Link to="/" className={styles.logo}>
      <LogoMark />
      <span className={styles.name}>{name}</span>
    </Link>
  );
}
