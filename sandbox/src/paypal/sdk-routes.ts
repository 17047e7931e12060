import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CURRENCIES } from '../lib/money';
import { browserToken } from './auth';

const SCRIPT = readFileSync(path.join(__dirname, 'sdk-script.js'), 'utf8');
const VERSION = '5.0.0-sandbox';
const INTENTS = new Set(['capture', 'authorize']);

type SdkQuery = Record<string, string | undefined>;

/** The real SDK answers a bad query with HTTP 400 and a script that throws; the loader then reports a failed load. */
function refuse(reply: FastifyReply, problem: string): FastifyReply {
  const message = `SDK Validation error: '${problem}'`;
  return reply.code(400).send(`throw new Error(${JSON.stringify(message)});\n`);
}

/** GET /sdk/js: what PayPalScriptProvider loads when its sdkBaseUrl points at the sandbox. */
export default async function sdkRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;
  app.get<{ Querystring: SdkQuery }>('/sdk/js', async (request, reply) => {
    void reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store');
    const query = request.query;
    const clientId = query['client-id'];
    if (!clientId) return refuse(reply, 'Expected client-id to be passed');
    if (clientId !== context.options.paypalClientId) return refuse(reply, `Invalid query value for client-id: ${clientId}`);
    const currency = query.currency ?? 'USD';
    if (!CURRENCIES.has(currency)) return refuse(reply, `Invalid query value for currency: ${currency}`);
    const intent = (query.intent ?? 'capture').toLowerCase();
    if (!INTENTS.has(intent)) return refuse(reply, `Invalid query value for intent: ${intent}`);
    const config = {
      clientId,
      currency,
      intent,
      components: (query.components ?? 'buttons').split(',').map((c) => c.trim()),
      token: browserToken(context, clientId),
      baseUrl: context.baseUrl(),
      version: VERSION,
    };
    // `<` escaped so the JSON can never close a surrounding tag if the script is inlined.
    return SCRIPT.replace('__SANDBOX_CONFIG__', () => JSON.stringify(config).replace(/</g, '\\u003c'));
  });
}
