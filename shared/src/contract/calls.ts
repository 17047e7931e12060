/** Request and response bodies of the calls in spec section 7. */
import type { Role } from './entities';

export interface ApiErrorBody {
  error: string;
  message: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  token: string;
  userId: string;
}

export interface RegisterRequest {
  email: string;
  username: string;
  password: string;
  role?: Role;
}
export interface RegisterResponse {
  message: string;
  userId: string;
}

export interface MessageResponse {
  message: string;
}

export interface CreateOrderResponse {
  orderID: string;
}
export interface PaymentStartResponse {
  approval_url: string;
}
export interface PaymentCheckResponse {
  hasPaid: boolean;
  amountPaid?: number;
  dueAmount?: number;
}
