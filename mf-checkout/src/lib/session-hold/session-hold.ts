import { checkoutApi } from '@institute/shared/api/checkout';

export interface OrderSeat {
  sessionId: string;
  holdId?: string;
}

const KEY = 'checkout.orderSeats';

function readAll(): Record<string, OrderSeat> {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, OrderSeat>) : {};
  } catch {
    return {};
  }
}

/**
 * Which session and hold an order pays for, kept for the tab until the success page reports the order: that page
 * is a new page load and knows only the order id.
 */
export function rememberOrderSeat(orderID: string, seat: OrderSeat): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [orderID]: seat }));
  } catch {
    // Storage refused (private mode, full): the server then seats the order by its own rule.
  }
}

export function recallOrderSeat(orderID: string): OrderSeat | undefined {
  const seat = readAll()[orderID];
  return seat && typeof seat.sessionId === 'string' ? seat : undefined;
}

/**
 * Records an order created and captured in the browser (checkout modal); the server re-reads it from PayPal. The
 * class session it was opened for goes along (the server finds the caller's hold itself), so the capture turns the
 * seat held for it into the enrollment.
 */
export function verifyOrder(orderID: string) {
  const seat = recallOrderSeat(orderID);
  return checkoutApi.verify(seat ? { orderID, sessionId: seat.sessionId } : { orderID });
}
