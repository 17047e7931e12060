import { signCancelToken } from '../../src/advising/cancel-token';
import { instantOf, SLOT_TEXT } from '../../src/advising/times';
import { renderEmail } from '../../src/email/messages';
import { signFormToken } from '../../src/lib/form-token';
import { wallClock } from '../../src/lib/office-hours';
import { createPeriodicTask } from '../../src/lib/periodic-task';
import { advisingRepository } from '../../src/repositories/advising';
import { ADVISING_ADMIN_TEXT } from '../../src/routes/advising/admin';
import { ADVISING_TEXT } from '../../src/routes/advising';
import { SPAM_TEXT } from '../../src/routes/inquiries/spam';
import { SITE_URL, TEST_SECRET, type TestApp } from '../helpers/app';
import { leadsApp, nextWeekday, ZONE } from '../helpers/leads';
import { unique } from '../helpers/students';
import { bearer, type Identities } from '../helpers/tokens';

/**
 * Advising slots (issue 31, decision 045): the admin publishes hours inside office hours, visitors book a place
 * (never two for the last one), cancel with a signed link, and get one reminder the day before.
 */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  ({ t, ids } = await leadsApp());
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);


const publish = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/admin/advising/slots', headers: admin(), payload });
const openSlots = async () => (await t.app.inject({ method: 'GET', url: '/api/advising/slots' })).json();
const booking = (slotId: string, over: Record<string, unknown> = {}) => ({
  slotId, name: 'Rosa Delgado', email: `rosa.${unique()}@example.test`, number: '555-0142', topic: 'Which evening program fits a full-time job?',
  website: '', formToken: signFormToken(TEST_SECRET, Date.now() - 20_000), ...over,
});
const book = (payload: object, ip = '203.0.113.9') => t.app.inject({ method: 'POST', url: '/api/advising/bookings', payload, remoteAddress: ip });
const slotCount = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM advising_slots'))[0]!.n;
const bookingCount = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM advising_bookings'))[0]!.n;

/** A slot published through the API (a unique advisor, so slots never overlap), as the admin would. */
async function slot(over: Record<string, unknown> = {}): Promise<string> {
  const res = await publish({ date: nextWeekday(3), time: '10:00', minutes: 30, advisor: `Advisor ${unique()}`, ...over });
  expect(res.statusCode).toBe(201);
  return res.json().items[0]._id;
}

/** A slot starting `hours` from now, stored directly (times near now fall outside office hours on most runs). */
async function slotIn(hours: number, capacity = 1): Promise<string> {
  const startsAt = new Date(Date.now() + hours * 3_600_000);
  const wall = wallClock(startsAt, ZONE);
  const result = await t.app.repos.advising.createSlots([{ startsAt, date: wall.date, time: wall.time, timeZone: ZONE, minutes: 30, advisor: `Advisor ${unique()}`, capacity }], ids.admin.userId);
  if (!('created' in result)) throw new Error('overlap');
  return result.created[0]!.id;
}

describe('the admin publishes advising hours', () => {
  it('publishes a slot that visitors see with its time in the institute\'s zone, said so', async () => {
    const date = nextWeekday(2);
    const res = await publish({ date, time: '14:30', minutes: 45, advisor: 'Maya Chen' });
    expect(res.statusCode).toBe(201);
    const [created] = res.json().items;
    expect(created).toMatchObject({ date, time: '14:30', minutes: 45, advisor: 'Maya Chen', capacity: 1, booked: 0, placesLeft: 1, timeZone: ZONE });
    expect(created.when).toMatch(/^Tuesday, .+, 2:30 PM to 3:15 PM$/);
    expect(created.startsAt).toBe(instantOf(date, '14:30', ZONE).toISOString());
    const list = await openSlots();
    expect(list.timeZone).toBe(ZONE);
    expect(list.officeHours).toBe('Monday to Friday, 9:00 AM to 5:00 PM (America/New_York time)');
    expect(list.items.map((s: { _id: string }) => s._id)).toContain(created._id);
  });

  it('publishes the same weekday and time for several weeks, one week apart', async () => {
    const date = nextWeekday(4);
    const res = await publish({ date, time: '09:00', minutes: 30, advisor: `Weekly ${unique()}`, capacity: 3, weeks: 3 });
    expect(res.statusCode).toBe(201);
    const items = res.json().items as { date: string; capacity: number }[];
    expect(items.map((s) => s.date)).toEqual([date, 7, 14].map((_, i) => {
      const d = new Date(`${date}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 7 * i);
      return d.toISOString().slice(0, 10);
    }));
    expect(items.every((s) => s.capacity === 3)).toBe(true);
  });

  const yesterday = () => {
    const d = new Date(`${wallClock(new Date(), ZONE).date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };
  it.each([
    ['in the past', () => ({ date: yesterday(), time: '10:00' }), 422, /is in the past\. Advising slots can only be published for later times\.$/],
    ['on a closed day', () => ({ date: nextWeekday(7), time: '10:00' }), 422, /^We are closed on Sundays\. Advising slots must be within office hours: Monday to Friday/],
    ['before opening', () => ({ date: nextWeekday(3), time: '08:30' }), 422, /8:30 AM to 9:00 AM is not within office hours\./],
    ['ending after closing', () => ({ date: nextWeekday(3), time: '16:45' }), 422, /4:45 PM to 5:15 PM is not within office hours\./],
    ['a date that does not exist', () => ({ date: '2031-02-30', time: '10:00' }), 422, new RegExp(`^${SLOT_TEXT.badDate}$`)],
    ['no advisor', () => ({ date: nextWeekday(3), time: '10:00', advisor: '  ' }), 400, new RegExp(`^${ADVISING_ADMIN_TEXT.advisor}$`)],
  ])('refuses a slot %s with a clear message and publishes nothing', async (_case, over, status, message) => {
    const before = await slotCount();
    const res = await publish({ minutes: 30, advisor: `Advisor ${unique()}`, ...over() });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(status === 400 ? 'Bad Request' : 'Unprocessable Entity');
    expect(res.json().message).toMatch(message);
    expect(await slotCount()).toBe(before);
  });

  it('refuses a weekly run as a whole when one of its weeks overlaps the advisor\'s slot', async () => {
    const before = await slotCount();
    const advisor = `Busy ${unique()}`;
    const taken = nextWeekday(5, 8);
    await slot({ date: taken, time: '11:00', advisor });
    const res = await publish({ date: nextWeekday(5, 1), time: '11:00', minutes: 30, advisor, weeks: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`^${advisor} already has a slot then \\(Friday, .+, 11:00 AM to 11:30 AM\\)\\.`));
    expect(await slotCount()).toBe(before + 1);
  });

  it('is for admins only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/advising/slots', headers: bearer(ids.student.token), payload: { date: nextWeekday(3), time: '10:00', minutes: 30, advisor: 'X' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('visitors book a free slot', () => {
  it('books a place, files the lead in the inbox as advising, queues the confirmation and takes the slot off the list', async () => {
    const slotId = await slot();
    const payload = booking(slotId);
    const res = await book(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/^Your advising session is booked for Wednesday, .+, 10:00 AM to 10:30 AM \(America\/New_York time\)\. We have sent a confirmation to your email\.$/);
    expect((await openSlots()).items.map((s: { _id: string }) => s._id)).not.toContain(slotId);
    const inbox = (await t.app.inject({ method: 'GET', url: `/api/admin/inquiries?q=${encodeURIComponent(payload.email)}`, headers: admin() })).json();
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ kind: 'advising', name: 'Rosa Delgado', number: '555-0142', message: payload.topic, timeZone: ZONE, preferredTime: '10:00' });
    const mail = await t.app.db.query<{ kind: string }>('SELECT kind FROM email_outbox WHERE to_email = $1', [payload.email]);
    expect(mail).toEqual([{ kind: 'advising-confirmation' }]);
    const adminList = (await t.app.inject({ method: 'GET', url: '/api/admin/advising/slots', headers: admin() })).json();
    const mine = adminList.items.find((s: { _id: string }) => s._id === slotId);
    expect(mine).toMatchObject({ booked: 1, placesLeft: 0 });
    expect(mine.bookings[0]).toMatchObject({ name: 'Rosa Delgado', email: payload.email, topic: payload.topic });
  });

  it('gives the last place to exactly one of two visitors booking at the same moment', async () => {
    const slotId = await slot();
    const results = await Promise.all([book(booking(slotId), '203.0.113.21'), book(booking(slotId), '203.0.113.22')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ error: 'Conflict', message: ADVISING_TEXT.full });
    const [row] = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM advising_bookings WHERE slot_id = $1', [slotId]);
    expect(row!.n).toBe(1);
  });

  it('fills a slot of three places with three of five visitors at once, never more', async () => {
    const slotId = await slot({ capacity: 3 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => book(booking(slotId), `203.0.113.3${i}`)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });

  it('refuses the same person a second place in the same slot', async () => {
    const slotId = await slot({ capacity: 2 });
    const payload = booking(slotId);
    expect((await book(payload)).statusCode).toBe(201);
    const again = await book({ ...payload, formToken: signFormToken(TEST_SECRET, Date.now() - 20_000) });
    expect(again.json()).toEqual({ error: 'Conflict', message: ADVISING_TEXT.alreadyBooked });
  });

  it.each([
    ['an unknown slot', async () => ({ slotId: '00000000-0000-4000-8000-000000000000' }), 404, ADVISING_TEXT.missing],
    ['a slot that is not an id', async () => ({ slotId: 'nope' }), 404, ADVISING_TEXT.missing],
    ['a slot that has started', async () => ({ slotId: await slotIn(-0.1) }), 422, ADVISING_TEXT.started],
    ['a cancelled slot', async () => {
      const slotId = await slot();
      await t.app.inject({ method: 'POST', url: `/api/admin/advising/slots/${slotId}/cancel`, headers: admin(), payload: {} });
      return { slotId };
    }, 409, ADVISING_TEXT.cancelled],
    ['a filled honeypot', async () => ({ slotId: await slot(), website: 'http://spam.example' }), 422, SPAM_TEXT.honeypot],
    ['a form sent faster than a person types', async () => ({ slotId: await slot(), formToken: signFormToken(TEST_SECRET, Date.now() - 500) }), 422, SPAM_TEXT.tooFast],
    ['no topic', async () => ({ slotId: await slot(), topic: '  ' }), 400, ADVISING_TEXT.topic],
    ['a malformed email', async () => ({ slotId: await slot(), email: 'rosa@' }), 400, 'Invalid email'],
  ])('refuses %s with a clear message and books nothing', async (_case, over, status, message) => {
    const fields = await over();
    const before = await bookingCount();
    const res = await book(booking(fields.slotId, fields));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await bookingCount()).toBe(before);
  });
});

describe('the cancel link', () => {
  async function booked() {
    const slotId = await slot();
    const res = await book(booking(slotId));
    expect(res.statusCode).toBe(201);
    return { slotId, token: signCancelToken(TEST_SECRET, res.json()._id as string) };
  }
  const show = (token: string) => t.app.inject({ method: 'GET', url: `/api/advising/cancel?token=${encodeURIComponent(token)}` });
  const cancel = (token: string) => t.app.inject({ method: 'POST', url: '/api/advising/cancel', payload: { token } });

  it('shows the booking, cancels it once (freeing the place) and says so clearly the second time', async () => {
    const { slotId, token } = await booked();
    expect((await show(token)).json()).toMatchObject({ status: 'booked', cancellable: true, name: 'Rosa Delgado', timeZone: ZONE, message: ADVISING_TEXT.isBooked });
    const first = await cancel(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('cancelled');
    expect(first.json().message).toMatch(/^Your advising session on Wednesday, .+, 10:00 AM to 10:30 AM is cancelled\. The time is free for someone else\.$/);
    expect((await openSlots()).items.map((s: { _id: string }) => s._id)).toContain(slotId);
    const second = await cancel(token);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/was already cancelled\. There is nothing more to do\.$/);
    expect((await show(token)).json().status).toBe('cancelled');
  });

  it('refuses a tampered or unknown token with 404 and changes nothing', async () => {
    const { token } = await booked();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const foreign = `${token.split('.')[0]}.${'x'.repeat(43)}`;
    for (const bad of [tampered, foreign, 'garbage', signCancelToken(TEST_SECRET, '00000000-0000-4000-8000-000000000000')]) {
      const res = await cancel(bad);
      expect(res.json()).toEqual({ error: 'Not Found', message: ADVISING_TEXT.badLink });
    }
    expect((await show(token)).json().status).toBe('booked');
  });
});

describe('the institute cancels a slot', () => {
  it('cancels its bookings, emails each visitor once, and refuses a second cancel', async () => {
    const slotId = await slot({ capacity: 2 });
    const a = booking(slotId);
    const b = booking(slotId);
    expect((await book(a)).statusCode).toBe(201);
    expect((await book(b)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/advising/slots/${slotId}/cancel`, headers: admin(), payload: { reason: 'The advisor is ill.' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailed: 2, slot: { booked: 0, cancelReason: 'The advisor is ill.' } });
    const mail = await t.app.db.query<{ to_email: string }>("SELECT to_email FROM email_outbox WHERE kind = 'advising-cancelled' AND to_email = ANY($1)", [[a.email, b.email]]);
    expect(mail.map((m) => m.to_email).sort()).toEqual([a.email, b.email].sort());
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/advising/slots/${slotId}/cancel`, headers: admin(), payload: {} });
    expect(again.json()).toEqual({ error: 'Conflict', message: ADVISING_ADMIN_TEXT.alreadyCancelled });
  });
});

describe('emails', () => {
  it('renders the confirmation with a cancel link that works', async () => {
    const slotId = await slot();
    const payload = booking(slotId);
    await book(payload);
    const [row] = await t.app.db.query<{ id: string }>("SELECT id FROM email_outbox WHERE to_email = $1 AND kind = 'advising-confirmation'", [payload.email]);
    const [email] = await t.app.repos.emailOutbox.byId(row!.id);
    const rendered = await renderEmail(email!, t.config, t.app.repos.payments, t.app.repos.certificates, t.app.repos.advising);
    expect(rendered!.params.subject).toMatch(/^Your advising session is booked: Wednesday, /);
    expect(rendered!.params.message).toContain('(America/New_York time)');
    expect(rendered!.params.link_text).toBe('Cancel this booking');
    const link = new URL(rendered!.params.link_url!);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE_URL}/advising/cancel`);
    const res = await t.app.inject({ method: 'POST', url: '/api/advising/cancel', payload: { token: link.searchParams.get('token') } });
    expect(res.statusCode).toBe(200);
    expect(rendered!.keep).not.toHaveProperty('cancelUrl');
  });

  /** A booking made `madeHoursBefore` hours before a slot starting in `startsInHours`. */
  async function bookedAhead(startsInHours: number, madeHoursBefore: number) {
    const slotId = await slotIn(startsInHours);
    const payload = booking(slotId);
    const res = await book(payload);
    expect(res.statusCode).toBe(201);
    await t.app.db.query("UPDATE advising_bookings SET created_at = now() - $2::int * interval '1 hour' WHERE id = $1", [res.json()._id, madeHoursBefore - startsInHours]);
    return payload.email;
  }
  const reminders = async (email: string) => (await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'advising-reminder' AND to_email = $1", [email]))[0]!.n;

  it('queues one reminder per booking a day ahead, also with two instances running their passes at once', async () => {
    const due = await bookedAhead(20, 72);
    const tooFar = await bookedAhead(30, 72);
    const lastMinute = await bookedAhead(20, 22);
    // A second API instance: its own repository and task over the same database.
    const other = advisingRepository(t.app.db, t.app.repos.emailOutbox, t.app.repos.inquiries);
    const otherTask = createPeriodicTask(() => other.queueReminders(new Date()), 0, t.app.log, 'reminder pass failed');
    const counts = await Promise.all([t.app.advisingReminders.tick(), otherTask.tick(), t.app.advisingReminders.tick(), otherTask.tick()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await reminders(due)).toBe(1);
    expect(await reminders(tooFar)).toBe(0);
    expect(await reminders(lastMinute)).toBe(0);
    await Promise.all([t.app.advisingReminders.tick(), otherTask.tick()]);
    expect(await reminders(due)).toBe(1);
  });

  it('queues no reminder for a cancelled booking', async () => {
    const slotId = await slotIn(20);
    const payload = booking(slotId);
    const res = await book(payload);
    await t.app.db.query("UPDATE advising_bookings SET created_at = now() - interval '3 days' WHERE id = $1", [res.json()._id]);
    await t.app.inject({ method: 'POST', url: '/api/advising/cancel', payload: { token: signCancelToken(TEST_SECRET, res.json()._id) } });
    await t.app.advisingReminders.tick();
    expect(await reminders(payload.email)).toBe(0);
  });
});
