import { runServer } from './support/server-process';

describe('src/server.ts', () => {
  it('prints its URL, serves, and shuts down cleanly on SIGTERM', async () => {
    const server = await runServer({ SANDBOX_PUBLIC_URL: 'http://sandbox.example:4010' });
    expect(server.output()).toMatch(/Provider sandbox listening on http:\/\/127\.0\.0\.1:\d+ \(public URL http:\/\/sandbox\.example:4010; inbox at http:\/\/sandbox\.example:4010\/; webhooks off\)/);
    const orders = await fetch(`${server.url}/__inbox/orders`);
    expect(orders.status).toBe(200);
    expect(await orders.json()).toEqual([]);
    expect(await server.stop()).toBe(0);
  });

  it('refuses a bad SANDBOX_PORT with a clear message', async () => {
    await expect(runServer({ SANDBOX_PORT: 'eighty' })).rejects.toThrow(/exited with 1:\nConfiguration error: SANDBOX_PORT must be an integer from 0 to 65535, got "eighty"\./);
  });
});
