import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** A failure in words; with `onRetry`, a "Try again" button beside it (outside the alert, which stays the message). */
export function ErrorState({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  const message = <p role="alert" className={styles.error}>{children}</p>;
  if (!onRetry) return message;
  return (
    <div className={styles.errorBox}>
      {message}
      <button type="button" className={styles.retry} onClick={onRetry}>Try again</button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
