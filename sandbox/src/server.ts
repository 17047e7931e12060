import { closeOnSignals } from '@institute/shared/node';
import { buildSandbox } from './app';
import { ConfigError, loadServerConfig } from './config';

/** Starts the provider sandbox: `npx tsx src/server.ts` (env: HOST, SANDBOX_PORT, SANDBOX_PUBLIC_URL, SANDBOX_WEBHOOK_URL, ...). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadServerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildSandbox(config.options);
  closeOnSignals(app);

  const address = await app.listen({ host: config.host, port: config.port });
  const webhooks = config.options.webhookUrl ? `webhooks to ${config.options.webhookUrl}` : 'webhooks off';
  console.log(`Provider sandbox listening on ${address} (public URL ${app.sandbox.baseUrl()}; inbox at ${app.sandbox.baseUrl()}/; ${webhooks})`);
}

main().catch((error: unknown) => {
  console.error('The provider sandbox failed to start:', error);
  process.exit(1);
});
