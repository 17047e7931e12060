import { PRICE_DECIMALS_MESSAGE } from '../../src/routes/catalog/mapper';
import { createTestApp, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

/** Issue 28: prices are kept as typed or refused, never rounded; a price of 0 makes a program free on purpose. */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);
const countPrograms = async () => Number((await t.app.db.query<{ n: string }>('SELECT count(*) AS n FROM programs'))[0]!.n);

describe.each(['/api/courses', '/api/quick-programs'])('%s prices', (base) => {
  it.each([0.001, 650.555, 0.005, 99.999, 1.0000001])('refuses %p instead of rounding it, and stores nothing', async (price) => {
    const before = await countPrograms();
    const res = await t.app.inject({ method: 'POST', url: base, headers: admin(), payload: validCourse({ price }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: PRICE_DECIMALS_MESSAGE });
    expect(await countPrograms()).toBe(before);
  });

  it('refuses a third decimal on edit and keeps the old price', async () => {
    const created = (await t.app.inject({ method: 'POST', url: base, headers: admin(), payload: validCourse({ price: 650 }) })).json();
    const res = await t.app.inject({ method: 'PUT', url: `${base}/${created._id}`, headers: admin(), payload: validCourse({ price: 650.555 }) });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${created._id}` })).json().price).toBe(650);
  });

  it.each([[650.1, 650.1], [650.55, 650.55], [0.29, 0.29], [1234.5, 1234.5], [0.01, 0.01]])('keeps %p exactly', async (price, shown) => {
    const res = await t.app.inject({ method: 'POST', url: base, headers: admin(), payload: validCourse({ price }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().price).toBe(shown);
  });
});

describe('a free course (price 0)', () => {
  it('is accepted, shown as 0, counts as paid for every student, and takes no payment', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/courses', headers: admin(), payload: validCourse({ price: 0, title: 'Free taster' }) });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${id}` })).json().price).toBe(0);

    const check = await t.app.inject({ method: 'GET', url: `/api/payments/check/${id}`, headers: bearer(ids.student.token) });
    expect(check.json()).toEqual({ hasPaid: true, amountPaid: 0, dueAmount: 0 });

    const order = await t.app.inject({ method: 'POST', url: `/api/payments/create-order/${id}`, headers: bearer(ids.student.token), payload: { amount: 0.01 } });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe('You have already paid for this program in full.');
  });
});
