import { request } from '@institute/shared/api';
import type { CaptureOrderRequest, MessageResponse, Payment } from '@institute/shared/contract';
import { CAPTURE_TIMEOUT_MS } from '../../../lib/capture-retry/capture-retry';

export const captureProgramOrder = (body: CaptureOrderRequest) =>
  request<MessageResponse & { payment?: Payment }>('/api/payments/capture-order', { method: 'POST', body, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS });
