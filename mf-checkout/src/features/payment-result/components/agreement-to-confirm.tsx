import { useAgreementConsent } from '../../../components/session-choice/agreement-consent';
import styles from './payment-result.module.css';

export const CONFIRM_AGAIN = 'Confirm my payment';

/**
 * The server kept this payment open until the student accepts the enrollment agreement published meanwhile: the
 * agreement and its checkbox right here, then the same order confirmed again (never a second charge).
 */
export function AgreementToConfirm({ onConfirm }: { onConfirm: () => void }) {
  const consent = useAgreementConsent(true);
  return (
    <>
      {consent.view}
      <button type="button" className={styles.primary} disabled={!consent.accepted} onClick={onConfirm}>
        {CONFIRM_AGAIN}
      </button>
    </>
  );
}
