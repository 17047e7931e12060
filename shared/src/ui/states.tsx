import type { ReactNode } from 'react';
import styles from './ui.module.css';

export function ErrorState({ children }: { children: ReactNode }) {
  return <p role="alert" className={styles.error}>{children}</p>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
