import { useState } from 'react';
import { Link, useLocation, useParams } from '@institute/shared/router';
import { useQueryClient } from '@tanstack/react-query';
import { classSessionKeys, queryKeys } from '@institute/shared/api';
import { useAuth, useSendToSignIn } from '@institute/shared/auth';
import { formatMoney, partialAllowed } from '@institute/shared/rules';
import { Banner, Spinner } from '@institute/shared/ui';
import { AlreadyPaid, CHECKING, PaidSoFar } from '../../../components/balance/balance-notes';
import { amountDue, coveredByCoupon, dueExceeded } from '../../../lib/balance/payment-check';
import { CouponField } from '../../../components/coupon/coupon-field';
import { FreeEnroll } from '../../../components/coupon/free-enroll';
import { balanceRefusal } from '../../../lib/balance/refusal';
import { useBalance } from '../../../lib/balance/use-balance';
import { redirect } from '../../../lib/redirect';
import { useStartPayment } from '../api/start-payment';
import { approvalUrl } from '../approval-url';
import { readSessionId, withSessionId } from '../../../components/session-choice/session-state';
import { readCourseState } from '../course-state';
import { useSessionChoice } from '../../../components/session-choice/session-choice';
import { PlanChoice } from '../../../components/plan-choice/plan-choice';
import { PartialPaymentForm } from './partial-payment-form';
import styles from './payment-page.module.css';

export const INITIATION_FAILED = 'Payment initiation failed. Please try again.';

export function PaymentPage() {
  const location = useLocation();
  const sendToSignIn = useSendToSignIn();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const { token } = useAuth();
  const start = useStartPayment();
  // Stays true after a successful start so nothing can be clicked while the browser leaves for the provider.
  const [leaving, setLeaving] = useState(false);
  // The server's reason for refusing (a full session, the agreement not accepted), shown beside the spec's alert.
  const [refusal, setRefusal] = useState<string | null>(null);
  const course = readCourseState(location.state);
  const courseId = course?._id || id;
  const { balance, checking } = useBalance(course ? courseId : '');
  // Asked of a signed-in student (paying needs an account); paying the rest of an existing enrollment buys no seat.
  const choice = useSessionChoice({ kind: 'course', id: course ? courseId : '' }, Boolean(token) && !checking && balance.kind === 'unpaid', readSessionId(location.state));

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

  if (checking || balance.kind === 'paid') {
    return (
      <>
        <Banner title={course.title} />
        <div className={styles.card}>{checking ? <Spinner label={CHECKING} /> : <AlreadyPaid />}</div>
      </>
    );
  }

  // After a partial payment "full" pays the rest, and a partial payment may not exceed it; a coupon lowers both.
  const due = amountDue(balance, course.price);
  const coupon = balance.coupon;
  const free = coveredByCoupon(balance);
  const busy = start.isPending || leaving;
  const blocked = busy || !choice.ready;
  const failed = (cause: unknown) => {
    // The spec's alert stays; a refusal on the balance also means this page's balance is out of date.
    const reason = balanceRefusal(cause);
    setRefusal(reason);
    if (reason) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
      void queryClient.invalidateQueries({ queryKey: classSessionKeys.all });
      void queryClient.invalidateQueries({ queryKey: classSessionKeys.agreement });
    }
    window.alert(INITIATION_FAILED);
  };
  const pay = (amount: number) => {
    if (!token) {
      sendToSignIn('pay-course');
      return;
    }
    start.mutate(
      { amount, courseId, ...(choice.sessionId ? { sessionId: choice.sessionId } : {}) },
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
        onError: failed,
      },
    );
  };

  return (
    <>
      <Banner title={course.title} subtitle="Choose how you would like to pay." />
      <div className={styles.card}>
        <p className={styles.price}>
          Course price: <strong>{formatMoney(course.price)}</strong>
        </p>
        {balance.kind === 'partial' && !coupon ? <PaidSoFar paid={balance.paid} due={due} /> : null}
        {token ? (
          <CouponField programId={courseId} price={course.price} paid={balance.kind === 'partial' ? balance.paid : 0} coupon={coupon} disabled={busy} />
        ) : null}
        {choice.view}
        {token && !free ? <PlanChoice programId={courseId} sessionId={choice.sessionId} disabled={busy} /> : null}
        {refusal ? <p role="alert" className={styles.warn}>{refusal}</p> : null}
        {free ? <FreeEnroll programId={courseId} sessionId={choice.sessionId} disabled={!choice.ready} /> : (
          <button type="button" className={styles.primary} disabled={blocked} onClick={() => pay(due)}>
            {busy ? 'Processing...' : `${balance.kind === 'partial' ? 'Pay Balance' : 'Pay Full'} ${formatMoney(due)}`}
          </button>
        )}
        {!free && partialAllowed(due) ? (
          <PartialPaymentForm
            max={due}
            tooHighMessage={balance.kind === 'partial' || coupon ? dueExceeded(due) : `Amount cannot exceed course price (${formatMoney(due)})`}
            busy={busy}
            disabled={!choice.ready}
            onPay={pay}
          />
        ) : null}
        {/* The checkout variant pays in a modal on this site; it needs the whole course, so the state is passed on as is. */}
        <Link to="/payment-options" state={withSessionId(location.state, choice.sessionId)} className={styles.checkout}>
          Or pay by PayPal checkout
        </Link>
      </div>
    </>
  );
}
