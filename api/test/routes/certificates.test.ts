import type { InjectOptions } from 'fastify';
import { captureOrder, paymentsEnvPerFile, program } from '../helpers/payments';
import { approve } from '../helpers/paypal';
import { day, makeStudent, openSession } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/** Issue 31: completing enrollments issues one numbered certificate each; the owner reads it, anyone verifies its code. */
const env = paymentsEnvPerFile();

const admin = () => bearer(env.ids.admin.token);
const inject = (options: InjectOptions) => env.t.app.inject(options);

const session = (courseId: string) => openSession(env.t.app, env.ids.admin.token, courseId, { startsIn: 10, seats: 10, schedule: 'Tue/Thu 6-9 pm' });

const student = () => makeStudent(env.t.app, 'cert');

async function pay(token: string, courseId: string, amount: number, sessionId: string) {
  const created = await inject({ method: 'POST', url: `/api/payments/create-order/${courseId}`, headers: bearer(token), payload: { amount, sessionId } });
  expect(created.statusCode).toBe(201);
  await approve(env.sandbox, created.json().orderID);
  expect((await captureOrder(env.t.app, token, created.json().orderID, courseId)).statusCode).toBe(200);
}

async function enrollmentOf(token: string) {
  return (await inject({ method: 'GET', url: '/api/enrollments/mine', headers: bearer(token) })).json()[0].id as string;
}

const complete = (enrollmentId: string, headers = admin()) => inject({ method: 'POST', url: `/api/enrollments/${enrollmentId}/complete`, headers });
const verify = (code: string) => inject({ method: 'GET', url: `/api/certificates/verify/${code}` });

it('issues one numbered certificate in the legal name, emails it once, and completing again answers the same one', async () => {
  const courseId = await program(env.t.app, 900);
  const sessionId = await session(courseId);
  const buyer = await student();
  const contact = await inject({ method: 'PUT', url: `/api/users/${buyer.userId}/contact`, headers: bearer(buyer.token), payload: { legalName: '  María  José O\'Neil-Ruiz ', phone: '(212) 555-0182' } });
  expect(contact.statusCode).toBe(200);
  expect(contact.json()).toMatchObject({ legalName: "María José O'Neil-Ruiz", phone: '+12125550182' });
  await pay(buyer.token, courseId, 900, sessionId);
  const enrollmentId = await enrollmentOf(buyer.token);

  const first = await complete(enrollmentId);
  expect(first.statusCode).toBe(201);
  const certificate = first.json().certificate;
  expect(first.json().issued).toBe(true);
  expect(certificate).toMatchObject({ enrollmentId, studentName: "María José O'Neil-Ruiz", status: 'valid', startsOn: day(10), endsOn: day(70) });
  expect(certificate.number).toMatch(/^C\d{4}-\d{6}$/);
  expect(certificate.code).toMatch(/^[A-Z2-9]{20}$/);

  const again = await complete(enrollmentId);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toMatchObject({ issued: false, certificate: { id: certificate.id, number: certificate.number } });
  // Two admins at once: still one certificate.
  const both = await Promise.all([complete(enrollmentId), complete(enrollmentId)]);
  expect(both.map((r) => r.json().certificate.id)).toEqual([certificate.id, certificate.id]);

  const [record] = (await inject({ method: 'GET', url: '/api/enrollments/mine', headers: bearer(buyer.token) })).json();
  expect(record.status).toBe('completed');
  expect(record.history.at(-1)).toMatchObject({ status: 'completed', by: { id: env.ids.admin.userId } });
  const mail = await env.t.app.db.query<{ kind: string }>("SELECT kind FROM email_outbox WHERE to_email = $1 AND kind = 'certificate'", [buyer.email]);
  expect(mail).toHaveLength(1);

  const mine = await inject({ method: 'GET', url: '/api/certificates/mine', headers: bearer(buyer.token) });
  expect(mine.json().map((c: { id: string }) => c.id)).toEqual([certificate.id]);
});

it('shows a certificate to its owner and the admin only, and the public only name, program, date and status', async () => {
  const courseId = await program(env.t.app, 400);
  const sessionId = await session(courseId);
  const [owner, stranger] = [await student(), await student()];
  await pay(owner.token, courseId, 400, sessionId);
  const { certificate } = (await complete(await enrollmentOf(owner.token))).json();

  expect((await inject({ method: 'GET', url: `/api/certificates/${certificate.id}`, headers: bearer(owner.token) })).statusCode).toBe(200);
  expect((await inject({ method: 'GET', url: `/api/certificates/${certificate.id}`, headers: admin() })).statusCode).toBe(200);
  const foreign = await inject({ method: 'GET', url: `/api/certificates/${certificate.id}`, headers: bearer(stranger.token) });
  expect(foreign.statusCode).toBe(403);
  expect(foreign.json()).toEqual({ error: 'Forbidden', message: 'You can only view your own certificates.' });
  expect((await inject({ method: 'GET', url: `/api/certificates/${certificate.id}` })).statusCode).toBe(401);

  const open = await verify(certificate.code);
  expect(open.statusCode).toBe(200);
  expect(open.headers['cache-control']).toBe('no-store');
  // The student's username (no legal name given) and nothing else about them.
  expect(open.json()).toEqual({
    number: certificate.number, studentName: owner.username, program: certificate.program, issuedAt: certificate.issuedAt,
    status: 'valid', revokedAt: null, institute: { name: expect.any(String) },
  });
  // Typed from paper: lower case and dashes between groups.
  const typed = certificate.code.toLowerCase().replace(/(.{5})(?=.)/g, '$1-');
  expect((await verify(typed)).json().number).toBe(certificate.number);
});

it('answers 404 with a clear message for unknown, malformed and overlong codes', async () => {
  for (const code of ['ABCDEFGHJKMNPQRSTVWX', 'not-a-code', '%27%20OR%201%3D1', 'ABCDEFGHJKMNPQRSTVW0']) {
    const res = await verify(code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'No certificate has this code. Check it against the certificate, or contact the institute.' });
  }
  // Longer than any route parameter: refused before the route, as JSON.
  const long = await verify('A'.repeat(300));
  expect(long.statusCode).toBe(414);
  expect(long.json()).toMatchObject({ error: 'URI Too Long' });
});

it('revokes with a reason once; the public answer says revoked', async () => {
  const courseId = await program(env.t.app, 300);
  const sessionId = await session(courseId);
  const buyer = await student();
  await pay(buyer.token, courseId, 300, sessionId);
  const { certificate } = (await complete(await enrollmentOf(buyer.token))).json();
  const revoke = (reason: unknown, headers = admin()) => inject({ method: 'POST', url: `/api/certificates/${certificate.id}/revoke`, headers, payload: { reason } });

  expect((await revoke('Issued in error', bearer(buyer.token))).statusCode).toBe(403);
  expect((await revoke('  ')).json()).toEqual({ error: 'Bad Request', message: 'Give the reason for revoking (3 to 500 characters).' });
  expect((await verify(certificate.code)).json().status).toBe('valid');
  const done = await revoke('Issued in error');
  expect(done.statusCode).toBe(200);
  expect(done.json()).toMatchObject({ status: 'revoked', revokeReason: 'Issued in error' });
  expect((await revoke('Again')).statusCode).toBe(409);
  const open = (await verify(certificate.code)).json();
  expect(open).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
  expect(open).not.toHaveProperty('revokeReason');
});

it("refuses a student who still owes or holds no seat, and completes a class list around them", async () => {
  const courseId = await program(env.t.app, 1200);
  const sessionId = await session(courseId);
  const [paid, owing] = [await student(), await student()];
  await pay(paid.token, courseId, 1200, sessionId);
  await pay(owing.token, courseId, 500, sessionId);
  const owingEnrollment = await enrollmentOf(owing.token);

  const refused = await complete(owingEnrollment);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toBe('A balance of $700.00 is still due: the certificate is issued once it is paid.');
  expect((await complete('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await complete('nope')).statusCode).toBe(404);
  expect((await complete(owingEnrollment, bearer(owing.token))).statusCode).toBe(403);

  const all = await inject({ method: 'POST', url: `/api/sessions/${sessionId}/complete`, headers: admin() });
  expect(all.statusCode).toBe(200);
  expect(all.json().issued.map((c: { studentName: string }) => c.studentName)).toEqual([paid.username]);
  expect(all.json().skipped).toEqual([{ enrollmentId: owingEnrollment, username: owing.username, reason: refused.json().message }]);
  const again = (await inject({ method: 'POST', url: `/api/sessions/${sessionId}/complete`, headers: admin() })).json();
  expect(again).toMatchObject({ issued: [], alreadyCompleted: 1 });

  await inject({ method: 'POST', url: `/api/enrollments/${owingEnrollment}/withdraw`, headers: admin() });
  expect((await complete(owingEnrollment)).json().message).toBe('Only an enrolled student can complete a course: this enrollment is pending, withdrawn or transferred.');
});

it('validates the legal name and phone on the server and keeps the old values on a refusal', async () => {
  const s = await student();
  const put = (payload: object, token = s.token, id = s.userId) => inject({ method: 'PUT', url: `/api/users/${id}/contact`, headers: bearer(token), payload });
  expect((await put({ legalName: 'Ada Lovelace', phone: '+44 20 7946 0958' })).json()).toMatchObject({ legalName: 'Ada Lovelace', phone: '+442079460958' });
  for (const bad of [{ legalName: 'X', phone: '' }, { legalName: '<script>', phone: '' }, { legalName: 'A'.repeat(101), phone: '' }]) {
    expect((await put(bad)).json()).toEqual({ error: 'Bad Request', message: 'Enter your legal name as it should appear on certificates and receipts: 2 to 100 letters, spaces, hyphens, apostrophes or periods.' });
  }
  for (const phone of ['12', '555-010', 'call me']) {
    expect((await put({ legalName: 'Ada Lovelace', phone })).json().message).toBe('Enter a valid phone number, with its country code (+44 …) when it is not a US number.');
  }
  expect((await put({ legalName: 'Ada', phone: '', extra: 1 })).statusCode).toBe(400);
  const other = await student();
  expect((await put({ legalName: 'Eve', phone: '' }, other.token)).statusCode).toBe(403);
  const user = (await inject({ method: 'GET', url: `/api/users/${s.userId}`, headers: bearer(s.token) })).json();
  expect(user).toMatchObject({ legalName: 'Ada Lovelace', phone: '+442079460958' });
  expect((await put({ legalName: '', phone: '' })).json()).toMatchObject({ legalName: null, phone: null });
});
