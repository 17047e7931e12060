import { request } from '@institute/shared/api';
import type { CreateOrderResponse } from '@institute/shared/contract';

/**
 * The server prices the program itself; `amount` only says how much of it is paid now. `sessionId` names the class
 * session whose seat the order holds while PayPal's approval is open.
 */
export const createProgramOrder = (programId: string, amount: number, sessionId?: string) =>
  request<Partial<CreateOrderResponse> | undefined>(`/api/payments/create-order/${encodeURIComponent(programId)}`, {
    method: 'POST',
    body: sessionId ? { amount, sessionId } : { amount },
    auth: true,
  });
