import type { FastifyInstance } from 'fastify';
import { sendPage } from '../lib/html';
import { inboxPage } from './page';
import { inboxOrders, inboxUploads, inboxWebhooks } from './views';

/** What tests read and a person looks at: GET / (HTML) and /__inbox/* (JSON, oldest first). */
export default async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;
  app.get('/', async (_request, reply) => sendPage(reply, 'Provider sandbox inbox', inboxPage(context)));
  // Browsers ask for it on every sandbox page; an empty answer keeps their consoles quiet.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
  app.get('/__inbox/orders', async () => inboxOrders(context));
  app.get('/__inbox/emails', async () => context.state.emails);
  app.get('/__inbox/uploads', async () => inboxUploads(context));
  app.get('/__inbox/webhooks', async () => inboxWebhooks(context));
  app.delete('/__inbox', async (_request, reply) => {
    context.state.reset();
    return reply.code(204).send();
  });
}
