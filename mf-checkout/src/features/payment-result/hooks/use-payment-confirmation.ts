import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@institute/shared/router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answeredStatus, queryKeys } from '@institute/shared/api';
import { checkoutApi } from '@institute/shared/api/checkout';
import { captureWithRetry } from '../../../lib/capture-retry/capture-retry';
import { verifyOrder } from '../../../lib/session-hold/session-hold';
import { owesAgreement } from '../owes-agreement';
import type { PaymentResult } from '../payment-summary';

type Confirmation = { kind: 'complete'; token: string; payerID: string } | { kind: 'verify'; orderID: string };

const post = (c: Confirmation): Promise<PaymentResult> =>
  c.kind === 'complete' ? checkoutApi.complete({ token: c.token, payerID: c.payerID }) : verifyOrder(c.orderID);

/** Every attempt for this order ended without an answer: PayPal may hold the money; the server will settle it. */
export class StillConfirmingError extends Error {
  constructor(override readonly cause: unknown) {
    super('The payment could not be confirmed yet.');
    this.name = 'StillConfirmingError';
  }
}

/**
 * On entry to /payment-success: completes a redirect-flow order (token + PayerID), else verifies a
 * browser-captured one (orderID), else sends the visitor home. Posts once per visit, even when
 * StrictMode runs the effect twice; the server makes any replay harmless anyway. An unknown outcome (no answer,
 * 5xx) is retried for the same order with growing waits (`retrying`), then reported as StillConfirmingError,
 * never as a failure and never as a cancellation (decision 011).
 */
export function usePaymentConfirmation() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [retrying, setRetrying] = useState(false);
  // A refusal the student can put right here: accept the agreement, then confirm the same order again.
  const [agreementOwed, setAgreementOwed] = useState(false);
  const mutation = useMutation({
    mutationFn: async (c: Confirmation) => {
      setRetrying(false);
      setAgreementOwed(false);
      const outcome = await captureWithRetry(() => post(c), { onRetry: () => setRetrying(true) });
      setRetrying(false);
      if (outcome.kind === 'done') return outcome.value;
      throw outcome.kind === 'unknown' ? new StillConfirmingError(outcome.error) : outcome.error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
  });
  const { mutateAsync } = mutation;

  const token = params.get('token');
  const payerID = params.get('PayerID');
  const orderID = params.get('orderID');

  const run = useCallback(() => {
    const agreementRefused = async (error: unknown) => {
      const owed = answeredStatus(error) === 422 && (await owesAgreement());
      if (owed) setAgreementOwed(true);
      return owed;
    };
    if (token && payerID) {
      // A failure stays on the page with a retry: the payer approved and may only need another attempt.
      mutateAsync({ kind: 'complete', token, payerID }).catch(agreementRefused);
    } else if (orderID) {
      // Only a final answer (not captured, rejected) leads to the cancel page; an unknown outcome stays here, and so
      // does a payment waiting for the agreement: PayPal holds the money and the server records it once accepted.
      mutateAsync({ kind: 'verify', orderID }).catch(async (error: unknown) => {
        if (error instanceof StillConfirmingError || (await agreementRefused(error))) return;
        navigate(`/payment-cancel?token=${encodeURIComponent(orderID)}`, { replace: true });
      });
    } else {
      navigate('/', { replace: true });
    }
  }, [token, payerID, orderID, mutateAsync, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  const stillConfirming = mutation.error instanceof StillConfirmingError;
  return { ...mutation, retrying, stillConfirming, agreementOwed, retry: run };
}
