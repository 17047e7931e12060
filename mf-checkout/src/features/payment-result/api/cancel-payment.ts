import { request } from '@institute/shared/api';
import type { MessageResponse } from '@institute/shared/contract';

export const cancelPayment = (token: string) =>
  request<MessageResponse>(`/api/payment/cancel/${encodeURIComponent(token)}`, { method: 'POST', auth: true });
