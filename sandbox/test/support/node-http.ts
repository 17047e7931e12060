import { request } from 'node:http';

/** Minimal JSON over node:http, for test files running in jsdom where fetch does not exist. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- json() answers any, as fetch's Response.json(): callers assert the shape
export function http(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: () => any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = request(url, { method, headers: { ...(payload && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export async function serverTokenAt(base: string): Promise<string> {
  const auth = `Basic ${Buffer.from('sandbox-client-id:sandbox-client-secret').toString('base64')}`;
  const response = await http('POST', `${base}/v1/oauth2/token`, 'grant_type=client_credentials', {
    authorization: auth, 'content-type': 'application/x-www-form-urlencoded',
  });
  return response.json().access_token as string;
}
