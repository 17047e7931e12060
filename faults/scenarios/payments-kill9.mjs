// kill -9 of the API while its captures are at PayPal (PayPal answers late: the captures are done there, the
// answers reach a dead process). After a restart on the same database: no second order is let through while the
// outcome is unknown, the reconciler records what PayPal holds, and the browsers' retries of the same orders
// answer 200. No double capture, no lost payment.
import { approvedOrder, capture, checkLedger, control, noMoneyClaims, startPayments, students, pickProgram, waitSettled } from '../payments-lib/payments.mjs';

const STUDENTS = 5;

export default {
  name: 'payments-kill9',
  description: 'kill -9 of the API during payment captures (PostgreSQL), webhooks off',
  timeoutMs: 180_000,
  async run(ctx) {
    const { db, sandbox, api: first, env } = await startPayments(ctx);
    const program = await pickProgram(ctx, first);
    const people = await students(ctx, first, 'paykill9', STUDENTS);
    const orders = [];
    for (const student of people) orders.push(await approvedOrder(ctx, first, sandbox, student, program));
    ctx.report(`${STUDENTS} students, each with an approved $${program.price} order`);
    const seen = [];

    // PayPal captures at once but answers 1.5 s later, so every capture is done at PayPal when the API dies.
    await control(ctx, sandbox, { delayMs: 1500 });
    const during = new ctx.Tally('captures cut by the kill');
    const inFlight = people.map((s, i) => capture(ctx, first, s, orders[i], program, 30_000));
    await ctx.sleep(700);
    await first.kill('SIGKILL');
    for (const [i, res] of (await Promise.all(inFlight)).entries()) seen.push({ ...during.add(res), orderID: orders[i] });
    await control(ctx, sandbox, { delayMs: 0 });
    ctx.report(during.toString());
    ctx.check(during.count(200) === 0, 'the clients got no answer from the killed API');

    const restart = Date.now();
    const api = await (await ctx.startApi({ env })).ready();
    ctx.report(`API restarted on the same database in ${Date.now() - restart} ms`);

    const again = new ctx.Tally('a new order right after the restart');
    for (const s of people) seen.push(again.add(await ctx.request('POST', `${api.url}/api/payments/create-order/${program.id}`, { body: { amount: program.price }, headers: { authorization: `Bearer ${s.token}` }, timeoutMs: 30_000 })));
    ctx.report(again.toString());
    ctx.check(again.count(201) === 0, 'no second order while the first one is being settled (409 in flight or already paid)');

    const ms = await waitSettled(ctx, db, orders, 60_000);
    ctx.report(`every order settled from PayPal ${ms} ms after that`);

    const retries = new ctx.Tally('the same orders retried by the browsers');
    for (const [i, s] of people.entries()) seen.push({ ...retries.add(await capture(ctx, api, s, orders[i], program, 30_000)), orderID: orders[i] });
    ctx.report(retries.toString());
    ctx.check(retries.count(200) === STUDENTS, 'every retry answers 200 with the recorded payment');
    ctx.report(`clients told "No money was taken": ${noMoneyClaims(seen).length}`);
    await checkLedger(ctx, { db, api, sandbox, students: people, program, clientResults: seen });
  },
};
