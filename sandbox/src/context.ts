import type { ResolvedOptions } from './options';
import type { Webhooks } from './paypal/webhooks';
import type { SandboxState } from './state';

/** What every route plugin reads: options, the in-memory state, the public base URL and the clock. */
export interface SandboxContext {
  options: ResolvedOptions;
  state: SandboxState;
  webhooks: Webhooks;
  /** The base URL of links handed out; the listening port is used when no publicUrl was configured. */
  baseUrl(): string;
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
}

export const isoNow = (context: SandboxContext): string => context.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
