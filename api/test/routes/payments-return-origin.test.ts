import { SITE_URL } from '../helpers/app';
import { pressOnApprovalPage, sandboxOrder } from '../helpers/paypal';
import { paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { bearer } from '../helpers/tokens';

/**
 * Issue 14, item 2: the payer returns to the site origin they paid from (where their session is), when it is one
 * of SITE_ORIGINS; any other Origin falls back to SITE_URL and never becomes a redirect target.
 */
const OTHER_SITE = 'http://127.0.0.1:3000';
let env: PaymentsEnv;
beforeAll(async () => {
  env = await paymentsEnv({ config: { siteOrigins: [SITE_URL, OTHER_SITE] } });
});
afterAll(() => env.close());

async function start(origin?: string) {
  const courseId = await program(env.t.app, 900);
  const headers = { ...bearer(env.ids.student.token), ...(origin === undefined ? {} : { origin }) };
  const res = await env.t.app.inject({ method: 'POST', url: '/payment', headers, payload: { amount: 900, courseId } });
  expect(res.statusCode).toBe(201);
  const orderId = new URL(res.json().approval_url).searchParams.get('token')!;
  return { orderId, urls: (await sandboxOrder(env.sandbox, orderId)).sandbox as { return_url: string; cancel_url: string } };
}

it('an allowed site origin other than SITE_URL gets its own return and cancel pages', async () => {
  const { orderId, urls } = await start(OTHER_SITE);
  expect(urls).toMatchObject({ return_url: `${OTHER_SITE}/payment-success`, cancel_url: `${OTHER_SITE}/payment-cancel` });
  const back = await pressOnApprovalPage(env.sandbox, orderId, 'approve');
  expect(`${back.origin}${back.pathname}`).toBe(`${OTHER_SITE}/payment-success`);
});

it.each([
  ['no Origin header', undefined],
  ['SITE_URL itself', SITE_URL],
  ['an origin not in SITE_ORIGINS', 'https://evil.example'],
  ['an allowed origin with a path', `${OTHER_SITE}/phish`],
  ['an opaque origin', 'null'],
  ['an allowed host on another port', 'http://127.0.0.1:3001'],
])('%s returns to SITE_URL', async (_case, origin) => {
  const { urls } = await start(origin);
  expect(urls).toMatchObject({ return_url: `${SITE_URL}/payment-success`, cancel_url: `${SITE_URL}/payment-cancel` });
});
