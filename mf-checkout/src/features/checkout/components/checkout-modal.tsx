import { useState } from 'react';
import { useNavigate } from '@institute/shared/router';
import { PayPalButtons, type PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { checkoutApi } from '@institute/shared/api/checkout';
import { useAuth } from '@institute/shared/auth';
import { checkoutPrice, CURRENCY, formatMoney } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { Dialog } from '@institute/shared/ui/dialog';
import { AlreadyPaid, CHECKING, PaidSoFar } from '../../../components/balance/balance-notes';
import { PayPalGate } from '../../../components/paypal/paypal-gate';
import { CheckoutPayPalProvider } from '../../../components/paypal/paypal-provider';
import { coveredByCoupon, type Balance } from '../../../lib/balance/payment-check';
import { FreeEnroll } from '../../../components/coupon/free-enroll';
import { balanceRefusal } from '../../../lib/balance/refusal';
import { rememberOrderSeat } from '../../../lib/session-hold/session-hold';
import { useBalance } from '../../../lib/balance/use-balance';
import type { CheckoutModalProps } from '../checkout-course';
import styles from './checkout.module.css';

export const PAYMENT_FAILED = 'Payment failed. Please try again.';
export const PAYPAL_ERROR = 'An error occurred with PayPal. Please try again.';
export const CHECK_FAILED = 'We could not check what you have already paid for this course. Please try again.';

type Handlers = Required<Pick<PayPalButtonsComponentProps, 'createOrder' | 'onApprove' | 'onCancel' | 'onError'>>;

function CheckoutPanel({ course, sessionId }: Pick<CheckoutModalProps, 'course' | 'sessionId'>) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const { user } = useAuth();
  const { balance, checking, failed, retry } = useBalance(course._id);

  // This order is captured in the browser, so a wrong amount is money taken and then REJECTED: nothing is
  // offered until the balance is known, and not at all when it cannot be learned.
  if (checking) return <Spinner label={CHECKING} />;
  if (failed) {
    return (
      <>
        <ErrorState>{CHECK_FAILED}</ErrorState>
        <button type="button" className={styles.primary} onClick={retry}>Try again</button>
      </>
    );
  }
  if (balance.kind === 'paid') return <AlreadyPaid />;
  // A coupon applied on the payment page lowers what this order pays; one covering everything needs no PayPal.
  if (coveredByCoupon(balance)) return <FreeEnroll programId={course._id} sessionId={sessionId} />;
  const price = balance.kind === 'partial' ? balance.due.toFixed(2) : balance.due !== undefined ? balance.due.toFixed(2) : checkoutPrice(course.price);

  const handlers: Handlers = {
    // Created in the browser: reference_id tells the server which course the order pays for when it verifies,
    // custom_id whose it is, so the webhook can record a capture whose success page never reported back.
    createOrder: async (_data, actions) => {
      setError(null);
      // A first payment into a session holds its seat before PayPal opens; a refusal (full, closed) stops here.
      const seat = balance.kind === 'partial' || !sessionId ? undefined : await checkoutApi.holdSeat(sessionId).then(
        (hold) => ({ sessionId, holdId: hold?.holdId }),
        (cause: unknown) => {
          const message = balanceRefusal(cause) ?? PAYPAL_ERROR;
          setError(message);
          throw new Error(message);
        },
      );
      const unit = { reference_id: course._id, description: `Payment for ${course.title}`, amount: { currency_code: CURRENCY, value: price } };
      const orderID = await actions.order.create({ intent: 'CAPTURE', purchase_units: [user?.id ? { ...unit, custom_id: user.id } : unit] });
      if (seat) rememberOrderSeat(orderID, seat);
      return orderID;
    },
    onApprove: async (data, actions) => {
      setCapturing(true);
      try {
        if (!actions.order) throw new Error('The order cannot be captured here.');
        const order = await actions.order.capture();
        if (order?.status && order.status !== 'COMPLETED') throw new Error(`Order ${order.status}`);
      } catch {
        setCapturing(false);
        setError(PAYMENT_FAILED);
        return;
      }
      navigate(`/payment-success?orderID=${encodeURIComponent(data.orderID)}`);
    },
    onCancel: (data) => {
      const orderID = typeof data.orderID === 'string' ? data.orderID : '';
      navigate(orderID ? `/payment-cancel?token=${encodeURIComponent(orderID)}` : '/payment-cancel');
    },
    onError: () => {
      setCapturing(false);
      // A refused seat hold already says why.
      setError((shown) => shown ?? PAYPAL_ERROR);
    },
  };

  return (
    <>
      <p className={styles.lead}>
        {balance.kind === 'partial'
          ? `Pay the remaining ${formatMoney(Number(price), { cents: true })} to complete your enrollment in this course.`
          : `Complete your payment of ${formatMoney(Number(price), { cents: true })} to enroll in this course.`}
      </p>
      {balance.kind === 'partial' ? <PaidSoFar paid={balance.paid} due={balance.due} /> : null}
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      {capturing ? <p role="status" className={styles.note}>Processing your payment...</p> : null}
      <PayPalGate>
        <PayPalButtons className={styles.buttons} style={{ layout: 'vertical' }} disabled={capturing} {...handlers} />
      </PayPalGate>
    </>
  );
}

/** The spec's "Enroll for {title}" for a first payment; a student who already paid part is paying the rest. */
export const checkoutTitle = (title: string, balance: Balance) =>
  balance.kind === 'partial' ? `Pay the balance for ${title}` : `Enroll for ${title}`;

function CheckoutDialog({ course, sessionId, onClose }: Pick<CheckoutModalProps, 'course' | 'sessionId' | 'onClose'>) {
  // The same cached check the panel reads: one request.
  const { balance } = useBalance(course._id);
  return (
    <Dialog title={checkoutTitle(course.title, balance)} onClose={onClose}>
      <CheckoutPanel course={course} sessionId={sessionId} />
    </Dialog>
  );
}

/** Pays a course through the PayPal buttons, then hands over to /payment-success. */
export function CheckoutModal({ course, open, onClose, sessionId }: CheckoutModalProps) {
  // The provider sits outside `open` so the SDK loads with the page and the buttons are ready when the modal opens.
  return <CheckoutPayPalProvider>{open ? <CheckoutDialog course={course} sessionId={sessionId} onClose={onClose} /> : null}</CheckoutPayPalProvider>;
}
