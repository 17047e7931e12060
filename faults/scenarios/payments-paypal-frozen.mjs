// PayPal frozen (SIGSTOP of the sandbox) while students capture approved orders, webhooks off: the API answers
// 502 and settles the orders from PayPal once it wakes up (requests or the reconciler). No second order while the
// outcome is unknown, no double capture, no lost payment, no "No money was taken" for money taken.
import { approvedOrder, capture, checkLedger, control, noMoneyClaims, startPayments, students, pickProgram, waitSettled } from '../payments-lib/payments.mjs';

const STUDENTS = 4;

export default {
  name: 'payments-paypal-frozen',
  description: 'PayPal frozen (SIGSTOP) during payment captures, webhooks off',
  timeoutMs: 180_000,
  async run(ctx) {
    const { db, sandbox, api } = await startPayments(ctx);
    const program = await pickProgram(ctx, api);
    const people = await students(ctx, api, 'payfrozen', STUDENTS);
    const orders = [];
    for (const student of people) orders.push(await approvedOrder(ctx, api, sandbox, student, program));
    ctx.report(`${STUDENTS} students, each with an approved $${program.price} order`);
    const seen = [];

    await sandbox.kill('SIGSTOP');
    ctx.defer(() => sandbox.kill('SIGCONT'));
    const frozen = new ctx.Tally('captures while PayPal is frozen');
    const captures = await Promise.all(people.map((s, i) => capture(ctx, api, s, orders[i], program, 60_000)));
    for (const [i, res] of captures.entries()) seen.push({ ...frozen.add(res), orderID: orders[i] });
    ctx.report(frozen.toString());
    ctx.check(frozen.count(200) === 0, 'no capture is reported done while PayPal cannot answer');
    ctx.check(frozen.count('timeout') === 0, 'no capture request hung past 60 s');

    const second = new ctx.Tally('a second order for the same program while frozen');
    for (const s of people) {
      const res = second.add(await ctx.request('POST', `${api.url}/api/payments/create-order/${program.id}`, { body: { amount: program.price }, headers: { authorization: `Bearer ${s.token}` }, timeoutMs: 60_000 }));
      seen.push(res);
    }
    ctx.report(second.toString());
    ctx.check(second.count(201) === 0, 'no second order is created while the first one\'s outcome is unknown');

    await sandbox.kill('SIGCONT');
    const ms = await waitSettled(ctx, db, orders, 60_000);
    ctx.report(`PayPal resumed; every order settled from PayPal in ${ms} ms (reconciler, no client request)`);

    const retries = new ctx.Tally('the same orders retried by the browsers');
    for (const [i, s] of people.entries()) seen.push({ ...retries.add(await capture(ctx, api, s, orders[i], program, 30_000)), orderID: orders[i] });
    ctx.report(retries.toString());
    ctx.check(retries.count(200) === STUDENTS, 'every retry of the same order answers 200 with the recorded payment');

    const after = new ctx.Tally('a new order after the payment was recorded');
    for (const s of people) after.add(await ctx.request('POST', `${api.url}/api/payments/create-order/${program.id}`, { body: { amount: program.price }, headers: { authorization: `Bearer ${s.token}` }, timeoutMs: 30_000 }));
    ctx.report(after.toString());
    ctx.check(after.count(409) === STUDENTS, 'a new order is refused: already paid');

    await control(ctx, sandbox, { delayMs: 0 });
    ctx.report(`clients told "No money was taken": ${noMoneyClaims(seen).length}`);
    await checkLedger(ctx, { db, api, sandbox, students: people, program, clientResults: seen });
  },
};
