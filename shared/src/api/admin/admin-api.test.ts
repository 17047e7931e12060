import { blobText, makeToken, mockFetch } from '../../testing';
import { setConfig, DEFAULT_CONFIG } from '../../config';
import { ApiError } from '../http';
import { adminContentApi, adminInquiriesApi, adminLedgerApi, adminPaymentsApi, adminRecordsApi, adminUsersApi, reportsApi } from '.';

const API = 'http://api.test';
const RECEIVABLES = { view: 'student', page: 2, limit: 20, sort: '-overdue', q: 'dana' } as const;

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: `${API}/` });
  localStorage.setItem('token', makeToken({ id: 'a-1', role: 'admin' }));
});

test.each([
  ['users page', () => adminUsersApi.page({ page: 1, limit: 20, sort: 'username', q: '', role: 'admin' }), 'GET', '/api/admin/users?page=1&limit=20&sort=username&role=admin', undefined],
  ['users by words', () => adminUsersApi.page({ q: 'dana@x.test', role: 'user', page: 1, limit: 10 }), 'GET', '/api/admin/users?q=dana%40x.test&role=user&page=1&limit=10', undefined],
  ['set role', () => adminUsersApi.setRole('u 1', 'admin'), 'PUT', '/api/users/u%201/role', { role: 'admin' }],
  ['payments page', () => adminPaymentsApi.page({ page: 1, limit: 100, sort: '-createdAt', q: 'bob', status: '' }), 'GET', '/api/admin/payments?page=1&limit=100&sort=-createdAt&q=bob', undefined],
  ['stats, default period', () => reportsApi.stats(null), 'GET', '/api/admin/stats', undefined],
  ['stats, a period', () => reportsApi.stats({ from: '2026-01-01', to: '2026-01-31' }), 'GET', '/api/admin/stats?from=2026-01-01&to=2026-01-31', undefined],
  ['vitals', () => reportsApi.vitals(28), 'GET', '/api/admin/vitals?days=28', undefined],
  ['module health', () => reportsApi.moduleHealth(7), 'GET', '/api/admin/module-health?days=7', undefined],
  ['canary health', () => reportsApi.moduleHealthSince('mf-catalog', '2026-11-26T10:00:00Z'), 'GET', '/api/admin/module-health?module=mf-catalog&since=2026-11-26T10%3A00%3A00Z', undefined],
  ['inquiries page', () => adminInquiriesApi.page({ page: 1, limit: 20, q: '', status: 'new' }), 'GET', '/api/admin/inquiries?page=1&limit=20&status=new', undefined],
  ['inquiry', () => adminInquiriesApi.get('i-1'), 'GET', '/api/admin/inquiries/i-1', undefined],
  ['inquiry update', () => adminInquiriesApi.update('i-1', { status: 'contacted' }), 'PUT', '/api/admin/inquiries/i-1', { status: 'contacted' }],
  ['inquiry note', () => adminInquiriesApi.addNote('i-1', 'Called back'), 'POST', '/api/admin/inquiries/i-1/notes', { body: 'Called back' }],
  ['inquiry account', () => adminInquiriesApi.createAccount('i-1'), 'POST', '/api/admin/inquiries/i-1/account', undefined],
  ['receivables', () => adminLedgerApi.receivables(RECEIVABLES), 'GET', '/api/admin/receivables?view=student&page=2&limit=20&sort=-overdue&q=dana', undefined],
  ['program balance', () => adminLedgerApi.balance('u-1', 'qp/1'), 'GET', '/api/admin/ledger/balance?userId=u-1&programId=qp%2F1', undefined],
  ['older payments', () => adminRecordsApi.older('u-1', 'payments', 'p-9', 20), 'GET', '/api/students/u-1/payments?before=p-9&limit=20', undefined],
  ['blog update', () => adminContentApi.updateBlog('b-1', { title: 'T', imgUrl: 'https://x/y.jpg', content: 'C', author: 'A', category: 'K', description: '' }), 'PUT', '/api/blogs/b-1',
    { title: 'T', imgUrl: 'https://x/y.jpg', content: 'C', author: 'A', category: 'K', description: '' }],
  ['image update', () => adminContentApi.updateImage('g-1', { title: 'T', description: 'D' }), 'PUT', '/api/gallery/g-1', { title: 'T', description: 'D' }],
])('%s: %s %s, signed in', async (_name, call, method, path, body) => {
  const { seen } = mockFetch(() => ({ body: { ok: true } }));
  await expect(call()).resolves.toEqual({ ok: true });
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ method, url: `${API}${path}`, body });
  expect(seen[0]?.headers.Authorization).toBe(`Bearer ${localStorage.getItem('token')}`);
});

test('the receivables CSV is every matching row, unpaged, under the name the server gives it', async () => {
  const { seen } = mockFetch(() => ({ body: 'a,b', headers: { 'Content-Disposition': 'attachment; filename="receivables-student-2026-11-26.csv"' } }));
  const file = await adminLedgerApi.receivablesCsv(RECEIVABLES);
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/admin/receivables.csv?view=student&sort=-overdue&q=dana` });
  expect(seen[0]?.headers).toMatchObject({ Accept: 'text/csv', Authorization: `Bearer ${localStorage.getItem('token')}` });
  expect(file.name).toBe('receivables-student-2026-11-26.csv');
  expect(await blobText(file.blob)).toBe('"a,b"');
});

test('a class list the server names nothing for is saved under the session\'s own name; a refusal is an ApiError', async () => {
  mockFetch(() => ({ body: 'x' }));
  await expect(adminRecordsApi.rosterCsv({ id: 's-1', startsOn: '2099-01-12' })).resolves.toMatchObject({ name: 'class-list-2099-01-12-s-1.csv' });
  mockFetch(() => ({ status: 403, body: { error: 'Forbidden', message: 'Admins only.' } }));
  const error = await adminRecordsApi.rosterCsv({ id: 's-1', startsOn: '2099-01-12' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 403, message: 'Admins only.' });
});
