import { useState } from 'react';
import { useLocation, useNavigate } from '@institute/shared/router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@institute/shared/api';
import { useAuth } from '@institute/shared/auth';
import type { ProgramPaymentProps } from '@institute/shared/contract';
import { checkProgramPartial, defaultPartialAmount, formatPrice, partialAllowed } from '@institute/shared/rules';
import { Spinner } from '@institute/shared/ui';
import { PayPalGate } from '../../../components/paypal/paypal-gate';
import { CheckoutPayPalProvider } from '../../../components/paypal/paypal-provider';
import { usePaymentCheck } from '../api/check-payment';
import { PartialAmountField } from './partial-amount-field';
import { ProgramPayPalButtons } from './program-paypal-buttons';
import styles from './program-payment.module.css';

export const ALREADY_PAID = 'You have already paid for this course. We will contact you shortly.';

type Choice = 'none' | 'full' | 'partial';

function ProgramPaymentPanel({ programId, price: givenPrice, title }: ProgramPaymentProps) {
  // Typed as a number, but it crosses a module boundary from API data: a numeric string still works.
  const price = Number(givenPrice);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { token } = useAuth();
  const check = usePaymentCheck(programId, Boolean(token));
  const [choice, setChoice] = useState<Choice>('none');
  const [value, setValue] = useState(() => String(defaultPartialAmount(price)));

  // A program without a usable price cannot be offered; the server would refuse it anyway.
  if (!Number.isFinite(price) || price <= 0) return <p className={styles.note}>Online payment is not available for this program.</p>;
  if (token && check.isLoading) return <Spinner label="Checking your enrollment..." />;
  if (token && check.data?.hasPaid) return <p role="status" className={styles.paid}>{ALREADY_PAID}</p>;

  const choose = (next: Choice) => {
    if (!token) {
      navigate('/login', { state: { from: location.pathname } });
      return;
    }
    if (next === 'partial' && choice !== 'partial') setValue(String(defaultPartialAmount(price)));
    setChoice(next);
  };

  const amount = choice === 'full' ? price : value.trim() === '' ? Number.NaN : Number(value);
  const partial = choice === 'partial' ? checkProgramPartial(amount, price) : null;
  const ready = choice === 'full' || partial?.ok === true;
  const paidSoFar = check.data?.amountPaid ?? 0;

  const paid = () => {
    setChoice('none');
    // Refreshes this program's check (and any payment list) so the already-paid state shows.
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
  };

  return (
    <section className={styles.panel} aria-label={`Pay for ${title}`}>
      {paidSoFar > 0 && check.data?.dueAmount ? (
        <p className={styles.note}>
          Paid so far: ${formatPrice(paidSoFar)}. Remaining: ${formatPrice(check.data.dueAmount)}.
        </p>
      ) : null}
      <div className={styles.choices}>
        <button type="button" className={styles.primary} aria-pressed={choice === 'full'} onClick={() => choose('full')}>
          Pay Full (${formatPrice(price)})
        </button>
        {partialAllowed(price) ? (
          <button type="button" className={styles.secondary} aria-pressed={choice === 'partial'} onClick={() => choose('partial')}>
            Pay Partial (Min $500)
          </button>
        ) : null}
      </div>
      {choice === 'partial' ? (
        <PartialAmountField price={price} value={value} error={partial && !partial.ok ? partial.message : null} onChange={setValue} />
      ) : null}
      {ready ? (
        <PayPalGate>
          <ProgramPayPalButtons programId={programId} amount={amount} onPaid={paid} />
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
