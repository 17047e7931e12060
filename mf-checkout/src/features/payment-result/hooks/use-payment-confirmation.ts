import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '@institute/shared/router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@institute/shared/api';
import { completePayment } from '../api/complete-payment';
import { verifyPayment } from '../api/verify-payment';
import type { PaymentResult } from '../types';

type Confirmation = { kind: 'complete'; token: string; payerID: string } | { kind: 'verify'; orderID: string };

const confirm = (c: Confirmation): Promise<PaymentResult> =>
  c.kind === 'complete' ? completePayment({ token: c.token, payerID: c.payerID }) : verifyPayment(c.orderID);

/**
 * On entry to /payment-success: completes a redirect-flow order (token + PayerID), else verifies a
 * browser-captured one (orderID), else sends the visitor home. Posts once per visit, even when
 * StrictMode runs the effect twice; the server makes any replay harmless anyway.
 */
export function usePaymentConfirmation() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const mutation = useMutation({
    mutationFn: confirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
  });
  const { mutateAsync } = mutation;

  const token = params.get('token');
  const payerID = params.get('PayerID');
  const orderID = params.get('orderID');

  const run = useCallback(() => {
    if (token && payerID) {
      // A failure stays on the page with a retry: the payer approved and may only need another attempt.
      mutateAsync({ kind: 'complete', token, payerID }).catch(() => undefined);
    } else if (orderID) {
      mutateAsync({ kind: 'verify', orderID }).catch(() =>
        navigate(`/payment-cancel?token=${encodeURIComponent(orderID)}`, { replace: true }),
      );
    } else {
      navigate('/', { replace: true });
    }
  }, [token, payerID, orderID, mutateAsync, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  return { ...mutation, retry: run };
}
