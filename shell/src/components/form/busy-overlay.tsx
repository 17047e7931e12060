import styles from './form.module.css';

/** Covers the form while a request is in flight, so it cannot be submitted twice. */
export function BusyOverlay({ label }: { label: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.wheel} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
