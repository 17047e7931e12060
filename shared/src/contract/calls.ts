/** Request and response bodies of the calls in spec section 7, typed from the API's own schemas. */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type ApiErrorBody = Static<typeof Schemas.ErrorBody>;
export type MessageResponse = Static<typeof Schemas.Message>;

export type LoginRequest = Static<typeof Schemas.LoginBody>;
export type LoginResponse = Static<typeof Schemas.LoginResult>;
export type RegisterRequest = Static<typeof Schemas.RegisterBody>;
export type RegisterResponse = Static<typeof Schemas.RegisterResult>;
export type ChangePasswordRequest = Static<typeof Schemas.ChangePasswordBody>;
export type ChangePasswordResponse = Static<typeof Schemas.ChangePasswordResult>;

export type CreateOrderResponse = Static<typeof Schemas.OrderCreated>;
export type CaptureOrderRequest = Static<typeof Schemas.CaptureBody>;
export type PaymentStartRequest = Static<typeof Schemas.StartBody>;
export type PaymentStartResponse = Static<typeof Schemas.PaymentStarted>;
export type CompletePaymentRequest = Static<typeof Schemas.CompleteBody>;
export type VerifyPaymentRequest = Static<typeof Schemas.VerifyBody>;
export type PaymentCheckResponse = Static<typeof Schemas.CheckResult>;
