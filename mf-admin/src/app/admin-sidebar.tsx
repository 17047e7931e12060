import { Link } from '@institute/shared/router';
import { SIDEBAR, type SectionKey } from './sections';
import styles from './admin-page.module.css';

export function AdminSidebar({ active }: { active: SectionKey }) {
  return (
    <nav aria-label="Admin Panel" className={styles.sidebar}>
      <h2 className={styles.sidebarTitle}>Admin Panel</h2>
      <ul className={styles.menu}>
        {SIDEBAR.map((entry) => (
          <li key={entry.key}>
            <Link
              to={entry.to}
              className={entry.key === active ? `${styles.link} ${styles.active}` : styles.link}
              aria-current={entry.key === active ? 'page' : undefined}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
