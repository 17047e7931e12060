import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from '@institute/shared/router';
import { useAuth } from '@institute/shared/auth';
import { formatPrice, partialAllowed } from '@institute/shared/rules';
import { Banner } from '@institute/shared/ui';
import { redirect } from '../../../lib/redirect';
import { approvalUrl, useStartPayment } from '../api/start-payment';
import { readCourseState } from '../types';
import { PartialPaymentForm } from './partial-payment-form';
import styles from './payment-page.module.css';

export const INITIATION_FAILED = 'Payment initiation failed. Please try again.';

export function PaymentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { token } = useAuth();
  const start = useStartPayment();
  // Stays true after a successful start so nothing can be clicked while the browser leaves for the provider.
  const [leaving, setLeaving] = useState(false);
  const course = readCourseState(location.state);

  if (!course) {
    return (
      <>
        <Banner title="Payment" />
        <div className={styles.card}>
          <p role="alert" className={styles.missing}>No course details found. Please go back and select a course.</p>
          <Link to="/courses" className={styles.back}>Back to courses</Link>
        </div>
      </>
    );
  }

  const busy = start.isPending || leaving;
  const pay = (amount: number) => {
    if (!token) {
      navigate('/login', { state: { from: location.pathname } });
      return;
    }
    start.mutate(
      { amount, courseId: course._id || id },
      {
        onSuccess: (response) => {
          const url = approvalUrl(response);
          if (!url) {
            window.alert(INITIATION_FAILED);
            return;
          }
          setLeaving(true);
          redirect(url);
        },
        onError: () => window.alert(INITIATION_FAILED),
      },
    );
  };

  return (
    <>
      <Banner title={course.title} subtitle="Choose how you would like to pay." />
      <div className={styles.card}>
        <p className={styles.price}>
          Course price: <strong>${formatPrice(course.price)}</strong>
        </p>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => pay(course.price)}>
          {busy ? 'Processing...' : `Pay Full $${formatPrice(course.price)}`}
        </button>
        {partialAllowed(course.price) ? <PartialPaymentForm price={course.price} busy={busy} onPay={pay} /> : null}
        {/* The checkout variant pays in a modal on this site; it needs the whole course, so the state is passed on as is. */}
        <Link to="/payment-options" state={location.state} className={styles.checkout}>
          Or pay by PayPal checkout
        </Link>
      </div>
    </>
  );
}
