import { DEV_STUDENT } from '../../src/config';
import { signFormToken } from '../../src/lib/form-token';
import { wallClock } from '../../src/lib/office-hours';
import { SPAM_TEXT } from '../../src/routes/inquiries/spam';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { leads, leadsApp, nextWeekday, ZONE } from '../helpers/leads';
import { bearer, type Identities } from '../helpers/tokens';

/** Leads (issue 31): the forms' requests stored behind the spam checks, office hours, and the admin's inbox. */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  ({ t, ids } = await leadsApp());
});
afterAll(() => t.close());

/** A token the server signed this long ago: a person who took that long over the form. */
const startedAgo = (ms: number) => signFormToken(TEST_SECRET, Date.now() - ms);
const contact = (over: Record<string, unknown> = {}) => ({
  kind: 'contact', name: 'Dana Whitfield', email: 'dana.whitfield@example.test', number: '555-0101',
  message: 'Do you offer evening classes?', website: '', formToken: startedAgo(20_000), ...over,
});
const send = (app: TestApp['app'], payload: object, ip = '203.0.113.5') => app.inject({ method: 'POST', url: '/api/inquiries', payload, remoteAddress: ip });
const adminGet = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(ids.admin.token) });
const inboxFor = async (q: string) => (await adminGet(`/api/admin/inquiries?q=${encodeURIComponent(q)}`)).json();

function daysFromToday(days: number): string {
  const day = new Date(`${wallClock(new Date(), ZONE).date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

describe('the forms store each request', () => {
  it('hands out a signed form token that is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().token).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
  });

  it('stores a contact message that the admin reads in the inbox as new, with no student account linked', async () => {
    const res = await send(t.app, contact({ email: 'first.visitor@example.test' }));
    expect(res.statusCode).toBe(201);
    const page = await inboxFor('first.visitor');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      _id: res.json()._id, kind: 'contact', name: 'Dana Whitfield', email: 'first.visitor@example.test', number: '555-0101',
      message: 'Do you offer evening classes?', status: 'new', assignee: null, student: null, noteCount: 0,
    });
  });

  // Each case builds its body when it runs: a token made as the file loads would be seconds old by then.
  it.each([
    ['a filled honeypot', () => ({ website: 'http://spam.example' }), 422, SPAM_TEXT.honeypot],
    ['no form token', () => ({ formToken: 'forged' }), 400, SPAM_TEXT.badToken],
    ['a token signed with another secret', () => ({ formToken: signFormToken('another-secret-of-enough-length-0123456789', Date.now() - 20_000) }), 400, SPAM_TEXT.badToken],
    ['a form sent faster than a person types', () => ({ formToken: startedAgo(500) }), 422, SPAM_TEXT.tooFast],
    ['a form open for more than a day', () => ({ formToken: startedAgo(25 * 3600_000) }), 400, SPAM_TEXT.expired],
    ['no name', () => ({ name: '   ' }), 400, 'Name is required'],
    ['a malformed email', () => ({ email: 'dana@' }), 400, 'Invalid email'],
  ])('refuses %s with a clear message and stores nothing', async (_case, over, status, message) => {
    const email = `refused.${Math.random().toString(36).slice(2)}@example.test`;
    const res = await send(t.app, contact({ email, ...over() }));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: status === 400 ? 'Bad Request' : 'Unprocessable Entity', message });
    expect((await inboxFor(email)).total).toBe(0);
  });

  it('refuses fields it does not know (a form of another shape) with 400', async () => {
    expect((await send(t.app, contact({ extra: 'x' }))).statusCode).toBe(400);
  });
});

describe('rate limits per address and per email', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { leads: { ...leads, perIp: 2, perEmail: 3 } } });
  });
  afterAll(() => limited.close());

  it('refuses the third message from one address within the window (429, Retry-After) and stores it not', async () => {
    const ip = '198.51.100.7';
    for (const n of [1, 2]) expect((await send(limited.app, contact({ email: `ip${n}@example.test` }), ip)).statusCode).toBe(201);
    const third = await send(limited.app, contact({ email: 'ip3@example.test' }), ip);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
    expect(third.json().message).toMatch(/^You have sent several messages in a short time\. Please try again in \d+ minutes, or call us\.$/);
    // Another address is not held back by this one.
    expect((await send(limited.app, contact({ email: 'ip4@example.test' }), '198.51.100.8')).statusCode).toBe(201);
    const stored = await limited.app.repos.inquiries.page({ offset: 0, limit: 10, sort: 'createdAt', descending: true, q: '@example.test' });
    expect(stored.items.map((row) => row.email).sort()).toEqual(['ip1@example.test', 'ip2@example.test', 'ip4@example.test']);
  });

  it('refuses the fourth message for one email, whatever the address', async () => {
    const statuses = [];
    for (const n of [1, 2, 3, 4]) statuses.push((await send(limited.app, contact({ email: 'same@example.test' }), `192.0.2.${n}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('appointment requests respect office hours in the institute\'s time zone', () => {
  const appointment = (date: string, time: string) => contact({
    kind: 'appointment', email: `appt.${date}.${time.replace(':', '')}@example.test`, program: 'Phlebotomy Fast Track', date, time,
    message: 'Appointment request',
  });
  const hours = 'Monday to Friday, 9:00 AM to 5:00 PM (America/New_York time)';

  it.each([
    ['a date in the past', () => appointment(daysFromToday(-1), '10:00'), 'The preferred date is in the past. Please choose a later date.'],
    ['a Sunday', () => appointment(nextWeekday(7), '10:00'), `We are closed on Sundays. Please choose a day within our office hours: ${hours}.`],
    ['3 a.m. on a Monday', () => appointment(nextWeekday(1), '03:00'), `3:00 AM is outside our office hours. Please choose a time within them: ${hours}.`],
    ['closing time itself', () => appointment(nextWeekday(2), '17:00'), `5:00 PM is outside our office hours. Please choose a time within them: ${hours}.`],
    ['a date that does not exist', () => appointment('2031-02-30', '10:00'), 'Choose a real date for the appointment.'],
    ['a time without a date', () => appointment('', '10:00'), 'Choose a date for the preferred time.'],
  ])('refuses %s (422) and stores nothing', async (_case, payload, message) => {
    const body = payload();
    const res = await send(t.app, body);
    expect(res.json()).toEqual({ error: 'Unprocessable Entity', message });
    expect(res.statusCode).toBe(422);
    expect((await inboxFor(String(body.email))).total).toBe(0);
  });

  it('stores a request within office hours with its date, time and zone', async () => {
    const date = nextWeekday(3);
    const body = appointment(date, '10:30');
    expect((await send(t.app, body)).statusCode).toBe(201);
    const [row] = (await inboxFor(String(body.email))).items;
    expect(row).toMatchObject({ kind: 'appointment', program: 'Phlebotomy Fast Track', preferredDate: date, preferredTime: '10:30', timeZone: ZONE });
  });
});

describe('the admin\'s inbox', () => {
  let inquiryId: string;
  beforeAll(async () => {
    inquiryId = (await send(t.app, contact({ name: 'Marcus Ortiz', email: 'marcus.ortiz@example.test', message: 'Financing options?' }))).json()._id;
  });
  const patch = (id: string, payload: object, token = ids.admin.token) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/inquiries/${id}`, headers: bearer(token), payload });
  const note = (id: string, body: string) => t.app.inject({ method: 'POST', url: `/api/admin/inquiries/${id}/notes`, headers: bearer(ids.admin.token), payload: { body } });

  it('marks an inquiry contacted, assigns it to an admin and appends notes with author and time, oldest first', async () => {
    const before = Date.now();
    expect((await patch(inquiryId, { status: 'contacted', assigneeId: ids.admin.userId })).statusCode).toBe(200);
    expect((await note(inquiryId, '  Called back; sends the form on Friday.  ')).statusCode).toBe(201);
    expect((await note(inquiryId, 'Sent the financing sheet.')).statusCode).toBe(201);
    const one = (await adminGet(`/api/admin/inquiries/${inquiryId}`)).json();
    expect(one).toMatchObject({ status: 'contacted', assignee: { _id: ids.admin.userId, username: 'admin' }, noteCount: 2 });
    expect(one.notes.map((n: { body: string; author: string }) => [n.body, n.author])).toEqual([
      ['Called back; sends the form on Friday.', 'admin'], ['Sent the financing sheet.', 'admin'],
    ]);
    expect(Date.parse(one.notes[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await adminGet('/api/admin/inquiries?status=contacted&q=marcus')).json().total).toBe(1);
    expect((await adminGet('/api/admin/inquiries?status=new&q=marcus')).json().total).toBe(0);
    expect((await patch(inquiryId, { assigneeId: null })).json().assignee).toBeNull();
  });

  it('refuses a student as assignee, an empty note, an unknown status, and unknown or malformed ids', async () => {
    expect((await patch(inquiryId, { assigneeId: ids.student.userId })).json()).toEqual({ error: 'Bad Request', message: 'Assign the inquiry to an admin.' });
    expect((await note(inquiryId, '   ')).json()).toEqual({ error: 'Bad Request', message: 'Write the note (at most 5,000 characters).' });
    expect((await patch(inquiryId, { status: 'won' })).statusCode).toBe(400);
    expect((await patch(inquiryId, {})).statusCode).toBe(400);
    expect((await patch('00000000-0000-4000-8000-000000000000', { status: 'closed' })).statusCode).toBe(404);
    expect((await adminGet('/api/admin/inquiries/not-an-id')).statusCode).toBe(404);
    expect((await note('00000000-0000-4000-8000-000000000000', 'x')).statusCode).toBe(404);
    expect((await adminGet(`/api/admin/inquiries/${inquiryId}`)).json()).toMatchObject({ status: 'contacted', noteCount: 2 });
  });

  it('keeps the inbox to admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/inquiries', headers: bearer(ids.student.token) })).statusCode).toBe(403);
    expect((await patch(inquiryId, { status: 'closed' }, ids.student.token)).statusCode).toBe(403);
  });

  it('links the student account whose email matches, whatever its case', async () => {
    await send(t.app, contact({ email: DEV_STUDENT.email.toUpperCase() }));
    const [row] = (await inboxFor(DEV_STUDENT.email)).items;
    expect(row.student).toEqual({ _id: ids.student.userId, username: DEV_STUDENT.username });
  });

  it('makes an account for an inquiry, which then links it and mails a link to choose a password; a second time is 409', async () => {
    const id = (await send(t.app, contact({ name: 'Ana Lucía Pérez', email: 'ana.perez@example.test' }))).json()._id;
    const made = await t.app.inject({ method: 'POST', url: `/api/admin/inquiries/${id}/account`, headers: bearer(ids.admin.token) });
    expect(made.statusCode).toBe(201);
    expect(made.json().student).toMatchObject({ username: 'ana.lucia.perez' });
    const mail = await t.app.db.query<{ kind: string; to_email: string }>("SELECT kind, to_email FROM email_outbox WHERE kind = 'account-created'");
    expect(mail).toEqual([{ kind: 'account-created', to_email: 'ana.perez@example.test' }]);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/inquiries/${id}/account`, headers: bearer(ids.admin.token) });
    expect(again.json()).toEqual({ error: 'Conflict', message: 'This email already has an account: ana.lucia.perez.' });
  });
});
