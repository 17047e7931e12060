import { createTestApp, type TestApp } from '../helpers/app';
import { program } from '../helpers/payments';
import { approve, paypalConfig, sandboxOrders, startSandbox, type Sandbox } from '../helpers/paypal';
import { day } from '../helpers/students';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

// Issue 29: seats and waitlist offers across API instances. Two apps on one PostgreSQL schema, each with its own
// pool of connections, stand for two instances behind the load balancer (as in shared-state.test.ts); PGlite
// allows one process, so the suite runs only on a PostgreSQL server (DATABASE_URL).
const onServer = Boolean(process.env.DATABASE_URL);


(onServer ? describe : describe.skip)('two API instances on one PostgreSQL server', () => {
  let sandbox: Sandbox;
  let a: TestApp;
  let b: TestApp;
  let ids: Identities;
  let counter = 0;
  beforeAll(async () => {
    sandbox = await startSandbox();
    a = await createTestApp({ config: { paypal: paypalConfig(sandbox.url) } });
    b = await createTestApp({ schema: a.config.database.schema!, keepData: true, config: { paypal: paypalConfig(sandbox.url) } });
    ids = await signInSeeded(a.app);
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
    await sandbox.close();
  });

  /** Instance A for even students, B for odd ones: every race below is between the two. */
  const via = (i: number) => (i % 2 === 0 ? a : b);

  async function session(programId: string, seats: number) {
    const res = await a.app.inject({ method: 'POST', url: '/api/sessions', headers: bearer(ids.admin.token), payload: {
      courseId: programId, startsOn: day(20), endsOn: day(80), schedule: 'Sat 9 am-3 pm', mode: 'online', seats, enrollmentDeadline: day(18) } });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  async function students(n: number) {
    return Promise.all(Array.from({ length: n }, async () => {
      const name = `twin${Date.now().toString(36)}${(counter += 1)}`;
      const userId = await a.app.repos.users.create({ email: `${name}@x.test`, username: name, passwordHash: 'x', role: 'user' });
      return { userId, token: a.app.signToken({ id: userId, username: name, email: `${name}@x.test`, role: 'user' }, 0) };
    }));
  }

  const seated = async (sessionId: string) => (await a.app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM enrollments WHERE session_id = $1 AND status IN ('enrolled', 'paid_in_full')`, [sessionId]))[0]!.n;

  it('3 seats, 20 students ordering at once through two instances: exactly 3 seats held, 17 refused before PayPal', async () => {
    const courseId = await program(a.app, 800);
    const sessionId = await session(courseId, 3);
    const buyers = await students(20);
    const before = (await sandboxOrders(sandbox)).length;
    const results = await Promise.all(buyers.map((buyer, i) => via(i).app.inject({
      method: 'POST', url: `/api/payments/create-order/${courseId}`, headers: bearer(buyer.token), payload: { amount: 800, sessionId } })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect((await sandboxOrders(sandbox)).length - before).toBe(3);
    expect((await b.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}` })).json()).toMatchObject({ seatsTaken: 3, seatsLeft: 0 });
  });

  it('3 seats, 20 approved orders captured at once through two instances: exactly 3 charged and seated', async () => {
    const courseId = await program(a.app, 900);
    const sessionId = await session(courseId, 3);
    const buyers = await students(20);
    const orders: string[] = [];
    for (const [i, buyer] of buyers.entries()) {
      // Each opened while the others' holds had run out (payers who left PayPal's page open), so all 20 exist.
      const res = await via(i).app.inject({ method: 'POST', url: `/api/payments/create-order/${courseId}`, headers: bearer(buyer.token), payload: { amount: 900, sessionId } });
      expect(res.statusCode).toBe(201);
      orders.push(res.json().orderID);
      await approve(sandbox, res.json().orderID);
      await a.app.db.query(`UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE session_id = $1 AND status = 'pending'`, [sessionId]);
    }
    const results = await Promise.all(buyers.map((buyer, i) => via(i + 1).app.inject({
      method: 'POST', url: '/api/payments/capture-order', headers: bearer(buyer.token), payload: { orderID: orders[i], programID: courseId } })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(17);
    const charged = (await sandboxOrders(sandbox)).filter((o) => orders.includes(o.id) && o.purchase_units[0]!.payments?.captures.length);
    expect(charged).toHaveLength(3);
    expect(await seated(sessionId)).toBe(3);
  });

  it('two seats freed at once on different instances, both offering: exactly two offers and two emails', async () => {
    const courseId = await program(a.app, 400);
    const sessionId = await session(courseId, 2);
    const [first, second, ...queue] = await students(6);
    const enrollments = [];
    for (const holder of [first!, second!]) {
      const [row] = await a.app.db.query<{ id: string }>(
        `INSERT INTO enrollments (id, session_id, user_id, program_title, status) VALUES (gen_random_uuid(), $1, $2, 'Course', 'enrolled') RETURNING id`,
        [sessionId, holder.userId]);
      enrollments.push(row!.id);
    }
    for (const [i, s] of queue.entries()) {
      expect((await via(i).app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/waitlist`, headers: bearer(s.token) })).statusCode).toBe(201);
    }
    await Promise.all([
      a.app.inject({ method: 'POST', url: `/api/enrollments/${enrollments[0]}/withdraw`, headers: bearer(ids.admin.token) }),
      b.app.inject({ method: 'POST', url: `/api/enrollments/${enrollments[1]}/withdraw`, headers: bearer(ids.admin.token) }),
      a.app.waitlistOffers.tick(),
      b.app.waitlistOffers.tick(),
      a.app.repos.waitlist.offerFreedSeats(sessionId),
      b.app.repos.waitlist.offerFreedSeats(sessionId),
    ]);
    const offered = await a.app.db.query<{ userId: string }>(
      `SELECT user_id AS "userId" FROM waitlist_entries WHERE session_id = $1 AND status = 'offered' ORDER BY position`, [sessionId]);
    expect(offered.map((o) => o.userId)).toEqual([queue[0]!.userId, queue[1]!.userId]);
    const emails = await a.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'waitlist-offer' AND to_email LIKE 'twin%'`);
    expect(emails[0]!.n).toBe(2);
  });

  it('an instance offering a seat waits for another that holds the session\'s row, then counts what it freed', async () => {
    const courseId = await program(a.app, 300);
    const sessionId = await session(courseId, 1);
    const [holder, waiter] = await students(2);
    const [row] = await a.app.db.query<{ id: string }>(
      `INSERT INTO enrollments (id, session_id, user_id, program_title, status) VALUES (gen_random_uuid(), $1, $2, 'Course', 'enrolled') RETURNING id`,
      [sessionId, holder!.userId]);
    expect((await a.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/waitlist`, headers: bearer(waiter!.token) })).statusCode).toBe(201);

    // B holds the row (as a seat taker does) and frees the seat in that transaction; A offers meanwhile. Without
    // the lock A would count before B commits, see no free seat and offer nothing.
    const { offering } = await b.app.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM class_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      const started = a.app.repos.waitlist.offerFreedSeats(sessionId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.query(`UPDATE enrollments SET status = 'withdrawn' WHERE id = $1`, [row!.id]);
      return { offering: started };
    });
    expect(await offering).toBe(1);
    const [entry] = await a.app.db.query<{ status: string }>('SELECT status FROM waitlist_entries WHERE session_id = $1', [sessionId]);
    expect(entry!.status).toBe('offered');
  });
});
