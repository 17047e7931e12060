import type { SendStatus } from '../hooks/use-send-form';
import styles from './form.module.css';

/** The outcome line under a form; the status region stays mounted so screen readers hear the success. */
export function SendResult({ status, refusal = '' }: { status: SendStatus; refusal?: string }) {
  return (
    <>
      <p role="status" className={status === 'sent' ? styles.success : styles.hidden}>
        {status === 'sent' ? 'Your message has been sent successfully!' : ''}
      </p>
      {status === 'failed' ? <p role="alert" className={styles.failure}>Failed to send message. Please try again.</p> : null}
      {status === 'refused' ? <p role="alert" className={styles.failure}>{refusal}</p> : null}
    </>
  );
}

export function SubmitButton({ status, label }: { status: SendStatus; label: string }) {
  const busy = status === 'sending';
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-disabled={busy}>
      {busy ? 'Sending...' : label}
    </button>
  );
}
