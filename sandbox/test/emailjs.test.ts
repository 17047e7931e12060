import type { FastifyInstance } from 'fastify';
import { sandbox } from './support/helpers';

let app: FastifyInstance;
let base: string;
beforeEach(async () => {
  app = await sandbox();
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => app.close());

/** The exact body @emailjs/browser 4.4.1 posts for emailjs.send(). */
const sendBody = (overrides: Record<string, unknown> = {}) => ({
  lib_version: '4.4.1', user_id: 'sandbox-public-key', service_id: 'service_sandbox', template_id: 'template_contact',
  template_params: { from_name: 'Ada', reply_to: 'ada@example.test', message: 'When does the next course start?' },
  ...overrides,
});

const send = (body: unknown, path = '/api/v1.0/email/send') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-type': 'application/json', origin: 'http://localhost:3000' }, body: JSON.stringify(body) });

describe('POST /api/v1.0/email/send', () => {
  it('answers 200 "OK" as text and records the email', async () => {
    const response = await send(sendBody());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('OK');
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const emails = await (await fetch(`${base}/__inbox/emails`)).json();
    expect(emails).toEqual([expect.objectContaining({
      endpoint: 'send', service_id: 'service_sandbox', template_id: 'template_contact', user_id: 'sandbox-public-key', lib_version: '4.4.1',
      template_params: sendBody().template_params,
    })]);
  });

  it('knows the appointment template too, and answers under the /emailjs prefix', async () => {
    expect((await send(sendBody({ template_id: 'template_appointment' }), '/emailjs/api/v1.0/email/send')).status).toBe(200);
  });

  it.each([
    ['an unknown public key', { user_id: 'pk_wrong' }, 'The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account'],
    ['an unknown service', { service_id: 'service_x' }, 'The service ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin'],
    ['an unknown template', { template_id: 'template_x' }, 'The template ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/templates'],
    ['no public key', { user_id: undefined }, 'The user_id parameter is required'],
    ['template params that are not an object', { template_params: 'hello' }, 'The template_params parameter must be an object'],
  ])('answers 400 with EmailJS\'s text for %s', async (_label, overrides, text) => {
    const response = await send(sendBody(overrides));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(text);
    expect(app.sandbox.state.emails).toHaveLength(0);
  });

  describe('the server\'s template (an account in strict mode)', () => {
    const account = { template_id: 'template_account', template_params: { to_email: 'ada@example.test', link_url: 'https://evil.test/reset' } };

    it('is refused with the public key alone, as EmailJS refuses it, and nothing is sent', async () => {
      const response = await send(sendBody(account));
      expect(response.status).toBe(403);
      expect(await response.text()).toBe('API calls in strict mode, but no private key was passed');
      const form = new FormData();
      for (const [key, value] of Object.entries({ user_id: 'sandbox-public-key', service_id: 'service_sandbox', template_id: 'template_account', to_email: 'ada@example.test' })) form.append(key, value);
      const viaForm = await fetch(`${base}/api/v1.0/email/send-form`, { method: 'POST', body: form });
      expect(viaForm.status).toBe(403);
      expect(app.sandbox.state.emails).toHaveLength(0);
    });

    it('is sent with the private key as accessToken, and refused with a wrong one', async () => {
      expect((await send(sendBody({ ...account, accessToken: 'not-the-key' }))).status).toBe(403);
      const response = await send(sendBody({ ...account, accessToken: 'sandbox-private-key' }));
      expect(response.status).toBe(200);
      expect(app.sandbox.state.emails).toEqual([expect.objectContaining({ template_id: 'template_account' })]);
    });

    it('leaves the site\'s forms on the public key', async () => {
      expect((await send(sendBody({ template_id: 'template_appointment' }))).status).toBe(200);
      expect((await send(sendBody())).status).toBe(200);
    });
  });

  it('answers the CORS preflight the browser SDK triggers', async () => {
    const response = await fetch(`${base}/api/v1.0/email/send`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('fails the next N sends when told to, then works again', async () => {
    const control = await fetch(`${base}/__control/emailjs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ failNext: 2, status: 503, text: 'Service unavailable' }) });
    expect(control.status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const failed = await send(sendBody());
      expect(failed.status).toBe(503);
      expect(await failed.text()).toBe('Service unavailable');
    }
    expect((await send(sendBody())).status).toBe(200);
    expect(app.sandbox.state.emails).toHaveLength(1);
  });

  it('fails only the sends of the template it is told to', async () => {
    const control = await fetch(`${base}/__control/emailjs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ failNext: 1, templateId: 'template_appointment' }) });
    expect(await control.json()).toMatchObject({ failNext: 1, templateId: 'template_appointment' });
    expect((await send(sendBody())).status).toBe(200);
    expect((await send(sendBody({ template_id: 'template_appointment' }))).status).toBe(500);
    expect((await send(sendBody({ template_id: 'template_appointment' }))).status).toBe(200);
    expect(app.sandbox.state.emails.map((email) => email.template_id)).toEqual(['template_contact', 'template_appointment']);
  });

  it('rejects a bad control request', async () => {
    const response = await fetch(`${base}/__control/emailjs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ failNext: -1 }) });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('failNext must be an integer from 0 to 1000.');
  });
});

describe('POST /api/v1.0/email/send-form', () => {
  const formOf = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    return data;
  };

  it('takes the form fields as template params', async () => {
    const data = formOf({ lib_version: '4.4.1', service_id: 'service_sandbox', template_id: 'template_appointment', user_id: 'sandbox-public-key', name: 'Ada', date: '2026-04-01' });
    data.append('attachment', new Blob(['hello']), 'note.txt');
    const response = await fetch(`${base}/api/v1.0/email/send-form`, { method: 'POST', body: data });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('OK');
    expect(app.sandbox.state.emails[0]).toMatchObject({
      endpoint: 'send-form', template_id: 'template_appointment', template_params: { name: 'Ada', date: '2026-04-01' },
      attachments: [{ field: 'attachment', filename: 'note.txt', bytes: 5 }],
    });
  });

  it('applies the same checks', async () => {
    const response = await fetch(`${base}/api/v1.0/email/send-form`, { method: 'POST', body: formOf({ service_id: 'service_sandbox', template_id: 'template_contact', user_id: 'nope' }) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('The Public Key is invalid.');
  });
});
