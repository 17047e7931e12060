import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { classSessionKeys, queryKeys } from '@institute/shared/api';
import { useAuth, useSendToSignIn } from '@institute/shared/auth';
import type { ProgramPaymentProps } from '@institute/shared/contract';
import { checkProgramPartial, defaultPartialAmount, formatMoney, MIN_PARTIAL_TEXT, partialAllowed, type PartialCheck } from '@institute/shared/rules';
import { Spinner } from '@institute/shared/ui';
import { AlreadyPaid, CHECKING, PaidSoFar } from '../../../components/balance/balance-notes';
import { PayPalGate } from '../../../components/paypal/paypal-gate';
import { CheckoutPayPalProvider } from '../../../components/paypal/paypal-provider';
import { amountDue, coveredByCoupon, dueExceeded, type Balance } from '../../../lib/balance/payment-check';
import { CouponField } from '../../../components/coupon/coupon-field';
import { FreeEnroll } from '../../../components/coupon/free-enroll';
import { PlanChoice } from '../../../components/plan-choice/plan-choice';
import { useBalance } from '../../../lib/balance/use-balance';
import { useSessionChoice } from '../../../components/session-choice/session-choice';
import { PartialAmountField } from './partial-amount-field';
import { ProgramPayPalButtons } from './program-paypal-buttons';
import styles from './program-payment.module.css';

type Choice = 'none' | 'full' | 'partial';

/** The spec's rule against the price; after a partial payment the same minimum against what is due. */
function checkPartial(amount: number, price: number, balance: Balance): PartialCheck {
  if (balance.kind !== 'partial') return checkProgramPartial(amount, price);
  if (Number.isFinite(amount) && amount > balance.due) return { ok: false, message: dueExceeded(balance.due) };
  return checkProgramPartial(amount, balance.due);
}

function ProgramPaymentPanel({ programId, price: givenPrice, title }: ProgramPaymentProps) {
  // Typed as a number, but it crosses a module boundary from API data: a numeric string still works.
  const price = Number(givenPrice);
  const sendToSignIn = useSendToSignIn();
  const queryClient = useQueryClient();
  const { token } = useAuth();
  const { balance, checking } = useBalance(programId);
  const [choice, setChoice] = useState<Choice>('none');
  const [value, setValue] = useState(() => String(defaultPartialAmount(price)));
  // Asked once a way to pay is chosen (signed in); a balance on an existing enrollment buys no seat.
  const session = useSessionChoice({ kind: 'program', id: programId }, choice !== 'none' && !checking && balance.kind === 'unpaid');

  // A program without a usable price cannot be offered; the server would refuse it anyway.
  if (!Number.isFinite(price) || price <= 0) return <p className={styles.note}>Online payment is not available for this program.</p>;
  if (checking) return <Spinner label={CHECKING} />;
  if (balance.kind === 'paid') return <AlreadyPaid />;

  // What "full" pays: the price, the rest of it after a partial payment, or either less a coupon.
  const due = amountDue(balance, price);
  const coupon = balance.coupon;
  const free = coveredByCoupon(balance);
  const partialOffered = partialAllowed(due);
  // A refreshed balance can withdraw the partial option while it is chosen.
  const current: Choice = choice === 'partial' && !partialOffered ? 'none' : choice;

  const choose = (next: Choice) => {
    if (!token) {
      sendToSignIn('pay-program');
      return;
    }
    if (next === 'partial' && current !== 'partial') setValue(String(defaultPartialAmount(due)));
    setChoice(next);
  };

  const amount = current === 'full' ? due : value.trim() === '' ? Number.NaN : Number(value);
  const partial = current === 'partial' ? checkPartial(amount, due, balance) : null;
  const ready = current === 'full' || partial?.ok === true;
  // Refreshes this program's check (and any payment list) so the new balance or the already-paid state shows.
  const refreshBalance = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    // Seats left and the agreement's version may have changed too (a refusal names them).
    void queryClient.invalidateQueries({ queryKey: classSessionKeys.all });
    void queryClient.invalidateQueries({ queryKey: classSessionKeys.agreement });
  };

  const paid = () => {
    setChoice('none');
    refreshBalance();
  };

  return (
    <section className={styles.panel} aria-label={`Pay for ${title}`}>
      {balance.kind === 'partial' && !coupon ? <PaidSoFar paid={balance.paid} due={balance.due} /> : null}
      {token ? <CouponField programId={programId} price={price} paid={balance.kind === 'partial' ? balance.paid : 0} coupon={coupon} /> : null}
      {free ? <FreeEnroll programId={programId} /> : (
      <div className={styles.choices}>
        <button type="button" className={styles.primary} aria-pressed={current === 'full'} onClick={() => choose('full')}>
          {balance.kind === 'partial' ? `Pay Balance (${formatMoney(due)})` : `Pay Full (${formatMoney(due)})`}
        </button>
        {partialOffered ? (
          <button type="button" className={styles.secondary} aria-pressed={current === 'partial'} onClick={() => choose('partial')}>
            {`Pay Partial (Min ${MIN_PARTIAL_TEXT})`}
          </button>
        ) : null}
      </div>
      )}
      {current === 'partial' ? (
        <PartialAmountField max={due} value={value} error={partial && !partial.ok ? partial.message : null} onChange={setValue} />
      ) : null}
      {current !== 'none' ? session.view : null}
      {/* Paying in parts is where a plan's dates help; it shows only when the program offers one (decision 051). */}
      {current === 'partial' && token ? <PlanChoice programId={programId} sessionId={session.sessionId} /> : null}
      {ready && session.ready ? (
        <PayPalGate>
          <ProgramPayPalButtons programId={programId} sessionId={session.sessionId} amount={amount} onPaid={paid} onRefused={refreshBalance} />
        </PayPalGate>
      ) : null}
    </section>
  );
}

/** The quick-program page's payment widget; brings its own PayPal provider so any module can host it. */
export function ProgramPayment(props: ProgramPaymentProps) {
  return (
    <CheckoutPayPalProvider>
      <ProgramPaymentPanel {...props} />
    </CheckoutPayPalProvider>
  );
}
