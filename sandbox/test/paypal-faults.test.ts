import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { approve, createOrder, orderBody, sandbox, serverToken } from './support/helpers';

/** The fault controls of POST /__control/paypal, over real sockets (the faults are about connections). */
let app: FastifyInstance;
let base: string;
let token: string;

const control = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/__control/paypal', payload });

async function approvedOrder(): Promise<string> {
  const { id } = (await createOrder(app, token, orderBody('650.00'))).json();
  expect((await approve(app, id)).statusCode).toBe(200);
  return id;
}

const captureOverHttp = (id: string, requestId: string, timeoutMs = 5000) =>
  fetch(`${base}/v2/checkout/orders/${id}/capture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'paypal-request-id': requestId },
    body: '{}',
    signal: AbortSignal.timeout(timeoutMs),
  });

const statusOf = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/v2/checkout/orders/${id}`, headers: { authorization: `Bearer ${token}` } })).json();

const captures = async (id: string) =>
  ((await statusOf(id)).purchase_units as { payments?: { captures: unknown[] } }[]).reduce((n, u) => n + (u.payments?.captures.length ?? 0), 0);

describe('POST /__control/paypal fault controls', () => {
  beforeEach(async () => {
    app = await sandbox();
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    token = await serverToken(app);
  });
  afterEach(() => app.close());

  it('dropNextCaptureResponse: the capture is done at PayPal, the caller sees a reset connection, a replay answers it', async () => {
    const id = await approvedOrder();
    expect((await control({ dropNextCaptureResponse: 1 })).json()).toMatchObject({ dropNextCaptureResponse: 1, dropMode: 'destroy' });
    await expect(captureOverHttp(id, `capture-${id}`)).rejects.toThrow();
    expect((await statusOf(id)).status).toBe('COMPLETED');
    expect(await captures(id)).toBe(1);
    // The counter is used up: the replay with the same PayPal-Request-Id is answered, and captures nothing more.
    const replay = await captureOverHttp(id, `capture-${id}`);
    expect(replay.status).toBe(200);
    expect((await replay.json()).status).toBe('COMPLETED');
    expect(await captures(id)).toBe(1);
    expect((await control({ delayMs: 0 })).json().dropNextCaptureResponse).toBe(0);
  });

  it('drops n answers in a row, replays included, and never a failed capture', async () => {
    const id = await approvedOrder();
    await control({ dropNextCaptureResponse: 2 });
    const notApproved = (await createOrder(app, token)).json().id as string;
    expect((await captureOverHttp(notApproved, 'x-1')).status).toBe(422); // refusals are answered and do not count
    await expect(captureOverHttp(id, 'k-1')).rejects.toThrow();
    await expect(captureOverHttp(id, 'k-1')).rejects.toThrow();
    expect((await captureOverHttp(id, 'k-1')).status).toBe(200);
    expect(await captures(id)).toBe(1);
  });

  it('dropMode hang: nothing comes back until the caller gives up; the order is COMPLETED all the same', async () => {
    const id = await approvedOrder();
    await control({ dropNextCaptureResponse: 1, dropMode: 'hang' });
    const started = Date.now();
    await expect(captureOverHttp(id, `capture-${id}`, 400)).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect((await statusOf(id)).status).toBe('COMPLETED');
  });

  it('delayMs: answers come late, and a capture whose caller gave up is done all the same', async () => {
    const id = await approvedOrder();
    await control({ delayMs: 300 });
    const started = Date.now();
    const read = await fetch(`${base}/v2/checkout/orders/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    await expect(captureOverHttp(id, `capture-${id}`, 100)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await control({ delayMs: 0 });
    expect((await statusOf(id)).status).toBe('COMPLETED');
    expect(await captures(id)).toBe(1);
  });

  it('refuses bad values and unknown keys with 400 { error, message }', async () => {
    for (const payload of [{}, { dropNextCaptureResponse: -1 }, { dropNextCaptureResponse: 1, dropMode: 'later' }, { delayMs: 'slow' }, { webhooks: 'no' }, { explode: true }]) {
      const response = await control(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Bad Request', message: expect.any(String) });
    }
  });

  it('DELETE /__inbox clears the faults', async () => {
    await control({ dropNextCaptureResponse: 3, delayMs: 50, webhooks: false });
    await app.inject({ method: 'DELETE', url: '/__inbox' });
    expect(app.sandbox.state.paypalFaults).toEqual({ dropCaptureResponses: 0, dropMode: 'destroy', delayMs: 0, webhooks: true });
  });
});

describe('webhook delivery: off and on, retried with backoff', () => {
  let receiver: Server;
  let url: string;
  let answers: number[];
  let hits: number;

  beforeEach(async () => {
    hits = 0;
    answers = [];
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        hits += 1;
        response.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterEach(async () => {
    await app.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const waitFor = async (check: () => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('{"webhooks": false} suppresses events; {"webhooks": true} sends the next ones', async () => {
    app = await sandbox({ webhookUrl: url, webhookRetries: 0 });
    token = await serverToken(app);
    await control({ webhooks: false });
    await approvedOrder();
    await app.sandbox.webhooks.idle();
    expect(hits).toBe(0);
    expect(app.sandbox.state.webhooks.map((w) => [w.status, w.attempts])).toEqual([['suppressed', 0]]);
    await control({ webhooks: true });
    await approvedOrder();
    await app.sandbox.webhooks.idle();
    expect(hits).toBe(1);
    expect(app.sandbox.state.webhooks.map((w) => w.status)).toEqual(['suppressed', 'delivered']);
  });

  it('retries a failed delivery with growing delays until the receiver accepts it', async () => {
    app = await sandbox({ webhookUrl: url, webhookRetries: 3, webhookRetryBaseMs: 50 });
    token = await serverToken(app);
    answers = [500, 503];
    const started = Date.now();
    await approvedOrder();
    const record = app.sandbox.state.webhooks[0]!;
    await waitFor(() => record.status === 'delivered');
    expect(record.attempts).toBe(3);
    expect(hits).toBe(3);
    // 50 ms, then 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('gives up after the configured retries (bounded) and records the last failure', async () => {
    app = await sandbox({ webhookUrl: url, webhookRetries: 2, webhookRetryBaseMs: 20 });
    token = await serverToken(app);
    answers = [500, 500, 500, 500, 500];
    await approvedOrder();
    const record = app.sandbox.state.webhooks[0]!;
    await waitFor(() => record.status === 'failed' && app.sandbox.webhooks.retriesScheduled() === 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(record.attempts).toBe(3);
    expect(record.response_status).toBe(500);
    expect(hits).toBe(3);
  });

  it('a receiver that is down is retried too, and closing the sandbox drops the retries still scheduled', async () => {
    app = await sandbox({ webhookUrl: 'http://127.0.0.1:9/down', webhookRetries: 5, webhookRetryBaseMs: 60_000 });
    token = await serverToken(app);
    await approvedOrder();
    await app.sandbox.webhooks.idle();
    const record = app.sandbox.state.webhooks[0]!;
    expect(record.status).toBe('retrying');
    expect(record.attempts).toBe(1);
    expect(app.sandbox.webhooks.retriesScheduled()).toBe(1);
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeLessThan(2000);
    expect(app.sandbox.webhooks.retriesScheduled()).toBe(0);
  });
});
