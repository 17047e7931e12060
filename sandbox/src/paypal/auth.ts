import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { hex, randomId } from '../lib/ids';
import type { TokenRecord } from '../state';
import { PayPalError } from './errors';

// PayPal's access tokens live nine hours.
const TOKEN_SECONDS = 32_400;
const SCOPE = 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token openid https://uri.paypal.com/services/applications/webhooks';

export function issueToken(context: SandboxContext, kind: TokenRecord['kind'], clientId: string): string {
  const token = `A21AA${randomId(40)}`;
  context.state.tokens.set(token, { kind, clientId, expiresAt: context.now().getTime() + TOKEN_SECONDS * 1000 });
  return token;
}

/** Reuses the browser token for a client while it is valid, so every SDK load does not mint a new one. */
export function browserToken(context: SandboxContext, clientId: string): string {
  const now = context.now().getTime() + 60_000;
  for (const [token, record] of context.state.tokens) {
    if (record.kind === 'browser' && record.clientId === clientId && record.expiresAt > now) return token;
  }
  return issueToken(context, 'browser', clientId);
}

/** Checks `Authorization: Bearer`; browser tokens are refused where only the merchant's server may call. */
export function requireBearer(context: SandboxContext, request: FastifyRequest, allowBrowser: boolean): TokenRecord {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  const record = match ? context.state.tokens.get(match[1]!) : undefined;
  if (!record || record.expiresAt <= context.now().getTime()) throw new PayPalError('AUTHENTICATION_FAILURE');
  if (record.kind === 'browser' && !allowBrowser) {
    throw new PayPalError('NOT_AUTHORIZED', [{ issue: 'PERMISSION_DENIED', description: 'You do not have permission to access or perform operations on this resource.' }]);
  }
  return record;
}

function basicCredentials(header: string | undefined): [string, string] | null {
  const match = /^Basic (\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** POST /v1/oauth2/token: client credentials in Basic auth, form body grant_type=client_credentials. */
export default async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;
  app.post('/v1/oauth2/token', async (request, reply) => {
    const credentials = basicCredentials(request.headers.authorization);
    const { paypalClientId, paypalClientSecret } = context.options;
    if (!credentials || credentials[0] !== paypalClientId || credentials[1] !== paypalClientSecret) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const grant = (request.body as Record<string, unknown> | undefined)?.grant_type;
    if (grant === undefined) return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    if (grant !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: `unsupported grant_type ${String(grant)}` });
    }
    return {
      scope: SCOPE,
      access_token: issueToken(context, 'server', paypalClientId),
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_SECONDS,
      nonce: `${context.now().toISOString().slice(0, 19)}Z${hex(16)}`,
    };
  });
}
