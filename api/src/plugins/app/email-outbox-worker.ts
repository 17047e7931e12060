// The worker's work lives with the email code (email/outbox-worker.ts); this is where the app loads it.
export { emailOutboxWorker as default } from '../../email/outbox-worker';
