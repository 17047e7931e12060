import { request } from '@institute/shared/api';

/** A seat held in a class session while an order made in the browser is approved (issue 29). */
export interface SeatHold {
  holdId: string;
  expiresAt: string;
}

/**
 * An order the browser creates and captures itself is paid before our server sees it, so the seat is held first:
 * a full or closed session refuses here, before any money moves.
 */
export const holdSeat = (sessionId: string) =>
  request<SeatHold>(`/api/sessions/${encodeURIComponent(sessionId)}/holds`, { method: 'POST', auth: true });

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
