import { NavLink } from '@institute/shared/router';
import { NAV_ITEMS } from '../nav-items';
import styles from './nav-links.module.css';

/** NavLink marks the current page with aria-current="page"; Home matches only the exact root. */
export function NavLinks({ label, layout }: { label: string; layout: 'row' | 'column' }) {
  return (
    <nav aria-label={label}>
      <ul className={layout === 'row' ? styles.row : styles.column}>
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
