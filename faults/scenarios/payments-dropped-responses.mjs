// PayPal completes captures but their answers are lost (sandbox dropNextCaptureResponse: the connection is reset,
// or hangs until our timeout), for the capture and for its retry. The API asks PayPal and records the capture;
// a client that got no answer retries the same order. No double capture, no lost payment.
import { approvedOrder, capture, checkLedger, control, noMoneyClaims, startPayments, students, pickProgram, waitSettled } from '../payments-lib/payments.mjs';

const STUDENTS = 6;

export default {
  name: 'payments-dropped-responses',
  description: 'capture answers dropped by PayPal (reset and hang), webhooks off',
  timeoutMs: 180_000,
  async run(ctx) {
    const { db, sandbox, api } = await startPayments(ctx);
    const program = await pickProgram(ctx, api);
    const people = await students(ctx, api, 'paydrop', STUDENTS);
    const orders = [];
    for (const student of people) orders.push(await approvedOrder(ctx, api, sandbox, student, program));
    const seen = [];
    const half = STUDENTS / 2;
    /** @type {[string, number, number][]} */
    const modes = [['destroy', 0, half], ['hang', half, STUDENTS]];

    for (const [mode, from, to] of modes) {
      // Each capture is sent twice by the API (one retry with the same PayPal-Request-Id): both answers are lost.
      await control(ctx, sandbox, { dropNextCaptureResponse: 2 * (to - from), dropMode: mode });
      const tally = new ctx.Tally(`captures with their answers dropped (${mode})`);
      const results = await Promise.all(people.slice(from, to).map((s, k) => capture(ctx, api, s, orders[from + k], program, 30_000)));
      for (const [k, res] of results.entries()) seen.push({ ...tally.add(res), orderID: orders[from + k] });
      ctx.report(tally.toString());
      ctx.check(tally.count(500) === 0, `no 500 (${mode})`);
      ctx.check(tally.count('timeout') === 0, `no capture hung past 30 s (${mode})`);
    }
    await control(ctx, sandbox, { dropNextCaptureResponse: 0 });

    // A browser that saw anything but 200 retries the same order, a few times.
    const retries = new ctx.Tally('retries of the same orders');
    for (const [i, s] of people.entries()) {
      for (let attempt = 0; attempt < 4 && seen.find((r) => r.orderID === orders[i] && r.status === 200) === undefined; attempt += 1) {
        seen.push({ ...retries.add(await capture(ctx, api, s, orders[i], program, 30_000)), orderID: orders[i] });
      }
    }
    ctx.report(retries.toString());
    const ms = await waitSettled(ctx, db, orders, 30_000);
    ctx.report(`all settled (${ms} ms after the retries)`);
    ctx.report(`clients told "No money was taken": ${noMoneyClaims(seen).length}`);
    await checkLedger(ctx, { db, api, sandbox, students: people, program, clientResults: seen });
  },
};
