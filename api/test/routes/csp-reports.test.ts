import { createTestApp, type TestApp } from '../helpers/app';
import { violations } from '../../src/routes/csp-reports';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: string, contentType: string) =>
  t.app.inject({ method: 'POST', url: '/api/csp-reports', headers: { 'content-type': contentType }, payload });

const legacy = {
  'csp-report': {
    'document-uri': 'http://localhost:3000/courses', 'effective-directive': 'script-src-elem',
    'blocked-uri': 'inline', 'source-file': 'http://localhost:3000/courses', 'line-number': 12, 'script-sample': 'alert(1)',
  },
};

describe('POST /api/csp-reports', () => {
  it('takes a report-uri report (application/csp-report) and answers 204', async () => {
    const res = await post(JSON.stringify(legacy), 'application/csp-report');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('takes a Reporting API batch (application/reports+json)', async () => {
    const batch = [{ type: 'csp-violation', url: 'http://localhost:3000/', body: { documentURL: 'http://localhost:3000/', effectiveDirective: 'script-src-elem', blockedURL: 'inline' } }];
    expect((await post(JSON.stringify(batch), 'application/reports+json')).statusCode).toBe(204);
  });

  it('refuses a body that is not JSON with 400 and other content types with 415', async () => {
    const bad = await post('{not json', 'application/csp-report');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await post('x', 'text/html')).statusCode).toBe(415);
  });

  it('refuses a body over 16 KB with 413', async () => {
    const res = await post(JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(20_000) } }), 'application/csp-report');
    expect(res.statusCode).toBe(413);
  });
});

describe('violations', () => {
  it('reads both formats into the same fields and ignores what is not a CSP violation', () => {
    expect(violations(legacy)).toEqual([{
      documentUri: 'http://localhost:3000/courses', directive: 'script-src-elem', blockedUri: 'inline',
      sourceFile: 'http://localhost:3000/courses', line: 12, sample: 'alert(1)',
    }]);
    expect(violations([{ type: 'deprecation', body: {} }, { type: 'csp-violation', body: { effectiveDirective: 'img-src', blockedURL: 'https://evil.example/x.png' } }]))
      .toEqual([expect.objectContaining({ directive: 'img-src', blockedUri: 'https://evil.example/x.png' })]);
    expect(violations(null)).toEqual([]);
    expect(violations(Array.from({ length: 50 }, () => legacy))).toHaveLength(10);
  });
});
