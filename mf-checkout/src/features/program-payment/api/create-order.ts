import { request } from '@institute/shared/api';
import type { CreateOrderResponse } from '@institute/shared/contract';

/** The server prices the program itself; `amount` only says how much of it is paid now. */
export const createProgramOrder = (programId: string, amount: number) =>
  request<Partial<CreateOrderResponse> | undefined>(`/api/payments/create-order/${encodeURIComponent(programId)}`, {
    method: 'POST',
    body: { amount },
    auth: true,
  });
