import { useNavigate } from '@institute/shared/router';
import { tokenStore, useAuth, useSendToSignIn } from '@institute/shared/auth';
import type { Course } from '@institute/shared/contract';
import styles from './course-detail.module.css';

/** The spec keys this on a stored token; checkout reads the course from navigation state. */
export function EnrollButton({ course }: { course: Course }) {
  const navigate = useNavigate();
  const { token } = useAuth();
  const sendToSignIn = useSendToSignIn();
  const hasToken = Boolean(token || tokenStore.getToken());
  return (
    <button
      type="button"
      className={styles.enroll}
      onClick={() => (hasToken ? navigate(`/payment/${encodeURIComponent(course._id)}`, { state: { course } }) : sendToSignIn('enroll'))}
    >
      {hasToken ? 'Enroll Now' : 'Sign in to Enroll'}
    </button>
  );
}
