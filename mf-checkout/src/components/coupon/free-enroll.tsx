import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, classSessionKeys, couponsApi, queryKeys } from '@institute/shared/api';
import styles from './coupon.module.css';

export const FREE_ENROLL_TEXT = {
  button: 'Enroll without payment',
  working: 'Enrolling...',
} as const;

/** When a coupon covers the whole price there is nothing to pay at PayPal: the student confirms the enrollment here. */
export function FreeEnroll({ programId, sessionId, disabled = false }: { programId: string; sessionId?: string | undefined; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enroll = async () => {
    setBusy(true);
    setError(null);
    try {
      const { message } = await couponsApi.enroll(programId, sessionId);
      setDone(message);
      void queryClient.invalidateQueries({ queryKey: classSessionKeys.all });
    } catch (cause) {
      setError(apiErrorMessage(cause));
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    } finally {
      setBusy(false);
    }
  };
  if (done) return <p role="status">{done}</p>;
  return (
    <>
      <button type="button" className={styles.button} disabled={busy || disabled} onClick={() => void enroll()}>
        {busy ? FREE_ENROLL_TEXT.working : FREE_ENROLL_TEXT.button}
      </button>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
    </>
  );
}
