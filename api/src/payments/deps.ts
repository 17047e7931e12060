import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../repositories';
import type { PayPalClient } from './paypal-client';

/** What the payment operations need; built once by plugins/app/payments.ts. */
export interface PaymentDeps {
  repos: Repositories;
  paypal: PayPalClient;
  log: FastifyBaseLogger;
}
