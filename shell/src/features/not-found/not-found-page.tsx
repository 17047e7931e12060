import { Link, useLocation } from '@institute/shared/router';
import styles from './not-found.module.css';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">404</p>
      <h1 id="not-found-title" className={styles.title}>Page not found</h1>
      <p className={styles.text}>
        We could not find <code className={styles.path}>{pathname}</code>. The page may have moved, or the address may
        have a typo.
      </p>
      <ul className={styles.actions}>
        <li><Link to="/" className={styles.primary}>Go to Home</Link></li>
        <li><Link to="/courses" className={styles.secondary}>Browse Courses</Link></li>
      </ul>
    </section>
  );
}
