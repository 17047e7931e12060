import { useEffect, useRef } from 'react';
import { checkoutApi } from '@institute/shared/api/checkout';
import { useNavigate, useSearchParams } from '@institute/shared/router';
import { Banner, Spinner } from '@institute/shared/ui';
import styles from './payment-result.module.css';

export const MISSING_ID = 'Missing payment ID';
export const CANCELLED = 'Payment cancelled.';
export const CANCEL_FAILED = 'Failed to cancel payment';

/** /payment-cancel: marks the order cancelled (once per visit), tells the visitor, returns to /quick-programs. */
export function PaymentCancelPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const token = params.get('token');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = (message: string) => {
      window.alert(message);
      navigate('/quick-programs', { replace: true });
    };
    if (!token) {
      finish(MISSING_ID);
      return;
    }
    checkoutApi.cancel(token).then(
      () => finish(CANCELLED),
      () => finish(CANCEL_FAILED),
    );
  }, [token, navigate]);

  return (
    <>
      <Banner title="Payment cancelled..." />
      <div className={styles.card}>
        <Spinner label="Returning you to the quick programs..." />
      </div>
    </>
  );
}
