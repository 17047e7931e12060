import { useCallback, useState } from 'react';
import { Link, useLocation } from '@institute/shared/router';
import { useAuth, useSendToSignIn } from '@institute/shared/auth';
import { getConfig } from '@institute/shared/config';
import { checkoutPrice, formatMoney } from '@institute/shared/rules';
import { Banner, Spinner } from '@institute/shared/ui';
import { AlreadyPaid, CHECKING, PaidSoFar } from '../../../components/balance/balance-notes';
import { useBalance } from '../../../lib/balance/use-balance';
import { CouponField } from '../../../components/coupon/coupon-field';
import { useSessionChoice } from '../../../components/session-choice/session-choice';
import { readSessionId } from '../../../components/session-choice/session-state';
import { readCheckoutCourse } from '../checkout-course';
import { CheckoutModal } from './checkout-modal';
import styles from './checkout.module.css';

/** /payment-options: the checkout variant of the payment page (course from navigation state). */
export function PaymentOptionsPage() {
  const location = useLocation();
  const sendToSignIn = useSendToSignIn();
  const { token } = useAuth();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const course = readCheckoutCourse(location.state);
  const { balance, checking } = useBalance(course?._id ?? '');
  // The session chosen on the payment page comes along; a signed-in student may choose (again) here.
  const choice = useSessionChoice({ kind: 'course', id: course?._id ?? '' }, Boolean(token) && !checking && balance.kind === 'unpaid', readSessionId(location.state));

  if (!course) {
    return (
      <>
        <Banner title="Payment" />
        <div className={styles.card}>
          <p role="alert" className={styles.error}>No course details found. Please go back and select a course.</p>
          <Link to="/courses" className={styles.back}>Back to courses</Link>
        </div>
      </>
    );
  }

  // Paying needs an account: the server records the payment against the signed-in user.
  const proceed = () => {
    if (!token) sendToSignIn('payment-options');
    else setOpen(true);
  };

  return (
    <>
      <Banner title={`${getConfig().institute.name}, New Jersey`} />
      <div className={styles.card}>
        <h2 className={styles.heading}>{course.title}</h2>
        <p className={styles.price}>Price: <strong>{formatMoney(Number(checkoutPrice(course.price)), { cents: true })}</strong></p>
        {balance.kind === 'partial' && !balance.coupon ? <PaidSoFar paid={balance.paid} due={balance.due} /> : null}
        {/* The modal pays what is left after a coupon; it is applied (or seen) here, as on the payment page. */}
        {token && !checking && balance.kind !== 'paid' ? (
          <CouponField programId={course._id} price={Number(checkoutPrice(course.price))} paid={balance.kind === 'partial' ? balance.paid : 0} coupon={balance.coupon} />
        ) : null}
        <h3 className={styles.subheading}>What&apos;s included</h3>
        <ul className={styles.inclusions}>
          <li>Live sessions (online/in-person)</li>
          <li>Course duration: {course.CourseDuration?.calendarLength || 'Not specified'}</li>
          <li>100% job placement support after completion</li>
        </ul>
        {checking ? <Spinner label={CHECKING} /> : null}
        {balance.kind === 'paid' ? <AlreadyPaid /> : null}
        {/* A failed check still offers the modal: it checks again and pays nothing until it knows the balance. */}
        {!checking && balance.kind !== 'paid' ? choice.view : null}
        {!checking && balance.kind !== 'paid' ? (
          <button type="button" className={styles.primary} aria-haspopup="dialog" disabled={!choice.ready} onClick={proceed}>
            Proceed to Payment
          </button>
        ) : null}
      </div>
      <CheckoutModal course={course} sessionId={choice.sessionId} open={open} onClose={close} />
    </>
  );
}
