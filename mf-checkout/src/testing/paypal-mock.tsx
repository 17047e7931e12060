/**
 * A stand-in for `@paypal/react-paypal-js` (jsdom never loads the SDK script). Use it with
 * `jest.mock('@paypal/react-paypal-js', () => jest.requireActual('<path>/testing/paypal-mock'))`
 * and drive the flow through the buttons it renders, the way a payer would press PayPal's own.
 */
import type { ReactNode } from 'react';
import type { PayPalButtonsComponentProps, ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { setConfig, DEFAULT_CONFIG } from '@institute/shared/config';

export const SANDBOX_PAYPAL = { clientId: 'sandbox-client-id', sdkBaseUrl: 'http://localhost:4010/sdk/js', currency: 'USD' };

export const paypal = {
  state: { isPending: false, isRejected: false },
  providers: [] as ReactPayPalScriptOptions[],
  /** What the SDK's actions.order.create resolves to, as PayPal would: the new order's id. */
  create: jest.fn(async (_body: unknown) => 'BROWSER-ORDER-1'),
  capture: jest.fn(async (): Promise<unknown> => ({ id: 'BROWSER-ORDER-1', status: 'COMPLETED' })),
  /** The order id PayPal reports on approve/cancel: the last one created, or this default. */
  orderID: 'ORDER-1',
  created: undefined as string | undefined,
  createError: undefined as unknown,
  lastProps: undefined as PayPalButtonsComponentProps | undefined,
};

/** Resets the fake and gives the site a PayPal config pointing at the sandbox. */
export function resetPayPal(config: typeof SANDBOX_PAYPAL | null = SANDBOX_PAYPAL) {
  paypal.state = { isPending: false, isRejected: false };
  paypal.providers = [];
  paypal.create.mockReset().mockImplementation(async () => 'BROWSER-ORDER-1');
  paypal.capture.mockReset().mockImplementation(async () => ({ id: 'BROWSER-ORDER-1', status: 'COMPLETED' }));
  paypal.orderID = 'ORDER-1';
  paypal.created = undefined;
  paypal.createError = undefined;
  paypal.lastProps = undefined;
  setConfig(config ? { ...DEFAULT_CONFIG, paypal: config } : { ...DEFAULT_CONFIG, paypal: undefined });
}

export function PayPalScriptProvider({ options, children }: { options: ReactPayPalScriptOptions; children: ReactNode }) {
  paypal.providers.push(options);
  return <>{children}</>;
}

export function usePayPalScriptReducer() {
  const { isPending, isRejected } = paypal.state;
  return [{ options: {}, isInitial: false, isPending, isRejected, isResolved: !isPending && !isRejected }, () => undefined] as const;
}

export function PayPalButtons(props: PayPalButtonsComponentProps) {
  // eslint-disable-next-line react-hooks/immutability -- a test fake records what it was rendered with, for the test to read
  paypal.lastProps = props;
  const orderID = () => paypal.created ?? paypal.orderID;
  const createOrder = async () => {
    try {
      paypal.created = await props.createOrder?.({ paymentSource: 'paypal' }, { order: { create: paypal.create } });
    } catch (error) {
      paypal.createError = error;
    }
  };
  const approve = () =>
    props.onApprove?.(
      { orderID: orderID(), payerID: 'PAYER-1' },
      {
        order: { capture: paypal.capture as never, authorize: jest.fn(), get: jest.fn(), patch: jest.fn() },
        redirect: jest.fn(),
        restart: jest.fn(),
      },
    );
  return (
    <div data-testid="paypal-buttons" data-disabled={String(Boolean(props.disabled))}>
      <button type="button" onClick={createOrder}>PayPal: create order</button>
      <button type="button" onClick={approve}>PayPal: approve</button>
      <button type="button" onClick={() => props.onCancel?.({ orderID: orderID() }, { redirect: jest.fn() })}>PayPal: cancel</button>
      <button type="button" onClick={() => props.onError?.({ message: 'Window closed' })}>PayPal: error</button>
    </div>
  );
}
