import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createOrder, orderBody, sandbox, serverToken } from './support/helpers';

let app: FastifyInstance;
let base: string;
beforeEach(async () => {
  app = await sandbox({ publicUrl: undefined, webhookUrl: undefined });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => app.close());

async function fillInbox(): Promise<string> {
  const token = await serverToken(app);
  const { id } = (await createOrder(app, token, orderBody('99.00', {
    purchase_units: [{ amount: { currency_code: 'USD', value: '99.00' }, description: 'Payment for <b>Phlebotomy</b>', reference_id: 'course-9' }],
  }))).json();
  await fetch(`${base}/api/v1.0/email/send`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: 'sandbox-public-key', service_id: 'service_sandbox', template_id: 'template_contact', template_params: { message: 'Hi <there>' } }),
  });
  const form = new FormData();
  form.append('file', new Blob([await sharp({ create: { width: 8, height: 4, channels: 3, background: '#000' } }).jpeg().toBuffer()]), 'tiny.jpg');
  form.append('upload_preset', 'institute_unsigned');
  await fetch(`${base}/v1_1/sandbox/image/upload`, { method: 'POST', body: form });
  return id;
}

describe('the inbox', () => {
  it('lists orders, emails and uploads on GET / with everything escaped', async () => {
    const id = await fillInbox();
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h1>Provider sandbox inbox</h1>');
    expect(html).toContain(id);
    expect(html).toContain('CREATED');
    expect(html).toContain('$99.00 USD');
    expect(html).toContain('Payment for &lt;b&gt;Phlebotomy&lt;/b&gt;');
    expect(html).toContain(`<a href="/checkoutnow?token=${id}">approval page</a>`);
    expect(html).toContain('template_contact');
    expect(html).toContain('Hi &lt;there&gt;');
    expect(html).toMatch(/<img src="\/sandbox\/image\/upload\/v\d+\/[a-z0-9]{20}\.jpg" alt="tiny" width="96" height="48">/);
    expect(html).toContain('Webhooks are off (no SANDBOX_WEBHOOK_URL).');
  });

  it('exposes JSON lists and DELETE /__inbox resets them', async () => {
    await fillInbox();
    const lengths = async () => Promise.all(['orders', 'emails', 'uploads'].map(async (kind) => ((await (await fetch(`${base}/__inbox/${kind}`)).json()) as unknown[]).length));
    expect(await lengths()).toEqual([1, 1, 1]);
    const [order] = await (await fetch(`${base}/__inbox/orders`)).json();
    expect(order.sandbox).toEqual({ created_by: 'server', return_url: null, cancel_url: null, buyer_cancelled_at: null });
    expect((await fetch(`${base}/__inbox`, { method: 'DELETE' })).status).toBe(204);
    expect(await lengths()).toEqual([0, 0, 0]);
  });

  it('keeps issued tokens across a reset, so a running API is not logged out', async () => {
    const token = await serverToken(app);
    await app.inject({ method: 'DELETE', url: '/__inbox' });
    expect((await createOrder(app, token)).statusCode).toBe(201);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await fetch(`${base}/nothing/here?x=1`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found', message: 'The sandbox has no route GET /nothing/here.' });
  });

  describe('CORS: the site may read it, other pages may not', () => {
    const SITE = 'http://localhost:3000';
    const STRANGER = 'http://attacker.test';

    it.each(['/__inbox/emails', '/__inbox/orders', '/'])('GET %s names only the site\'s origin', async (path) => {
      expect((await fetch(`${base}${path}`, { headers: { origin: SITE } })).headers.get('access-control-allow-origin')).toBe(SITE);
      expect((await fetch(`${base}${path}`, { headers: { origin: STRANGER } })).headers.get('access-control-allow-origin')).toBeNull();
    });

    it('refuses a stranger\'s preflight to the test controls and the reset', async () => {
      for (const [method, path] of [['POST', '/__control/paypal'], ['DELETE', '/__inbox']] as const) {
        const preflight = (origin: string) => fetch(`${base}${path}`, {
          method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
        });
        const stranger = await preflight(STRANGER);
        // No Access-Control-Allow-Origin: the browser never sends the request itself.
        expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
        const site = await preflight(SITE);
        expect(site.status).toBe(204);
        expect(site.headers.get('access-control-allow-origin')).toBe(SITE);
      }
    });

    it('follows the configured site origins', async () => {
      const other = await sandbox({ siteOrigins: ['https://www.institute.example'] });
      try {
        const read = (origin: string) => other.inject({ method: 'GET', url: '/__inbox/emails', headers: { origin } });
        expect((await read('https://www.institute.example')).headers['access-control-allow-origin']).toBe('https://www.institute.example');
        expect((await read(SITE)).headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await other.close();
      }
    });

    it('keeps the providers open to any page, as the real ones are', async () => {
      const response = await fetch(`${base}/api/v1.0/email/send`, {
        method: 'OPTIONS', headers: { origin: STRANGER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe(STRANGER);
    });
  });
});
