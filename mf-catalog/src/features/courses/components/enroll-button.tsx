import { useNavigate } from '@institute/shared/router';
import { tokenStore, useAuth, useSendToSignIn } from '@institute/shared/auth';
import type { Course } from '@institute/shared/contract';
import { useOwnWaitlist } from '../../../components/upcoming-sessions/upcoming-sessions';
import styles from './course-detail.module.css';

/**
 * The spec keys this on a stored token; checkout reads the course from navigation state, and the session a seat is
 * offered in (from its waitlist) so the payment page chooses it.
 */
export function EnrollButton({ course }: { course: Course }) {
  const navigate = useNavigate();
  const { token } = useAuth();
  const sendToSignIn = useSendToSignIn();
  // The label follows the provider's token, which is the signed-out one while the server's markup hydrates (decision
  // 042): reading the store here too made a signed-in student's first render differ from the server's (React #418).
  const signedIn = Boolean(token);
  const hasToken = () => signedIn || Boolean(tokenStore.getToken());
  const offer = useOwnWaitlist().find((place) => place.programId === course._id && place.status === 'offered');
  const state = offer ? { course, sessionId: offer.sessionId } : { course };
  return (
    <button
      type="button"
      className={styles.enroll}
      onClick={() => (hasToken() ? navigate(`/payment/${encodeURIComponent(course._id)}`, { state }) : sendToSignIn('enroll'))}
    >
      {signedIn ? 'Enroll Now' : 'Sign in to Enroll'}
    </button>
  );
}
