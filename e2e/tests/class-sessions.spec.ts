import { expect, test, type Page } from '@playwright/test';
import type { ClassSession } from '@institute/shared/contract';
import { adminToken, createCourse, deleteCourse } from '../support/api';
import { apiAs, onSandboxCheckout, openPaymentPage, payThroughApi, seededCourse, signedInStudent } from '../support/payments';
import { inboxEmails, type SandboxEmail } from '../support/sandbox';
import { ADMIN, apiLogin, newStudent, signIn } from '../support/stack';
import { inspect } from '../support/sweep';

/** A calendar day `days` from today, as the API and the date inputs take it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const sessionsOf = async (courseId: string) =>
  (await apiAs<ClassSession[]>(await adminToken(), 'GET', `/api/sessions?courseId=${encodeURIComponent(courseId)}&all=1`)).body;

function acceptDialogs(page: Page) {
  page.on('dialog', (dialog) => void dialog.accept());
}

/** The admin's picker is a search: type the title, take the suggestion (nothing is read before typing). */
async function pickOwner(page: Page, title: string) {
  await page.getByRole('combobox', { name: 'Course or program' }).fill(title);
  await page.getByRole('option').filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { name: `Sessions of ${title}` })).toBeVisible();
}

test('a course page lists its upcoming sessions in the first HTML, with a CourseInstance each in its JSON-LD', async ({ page }) => {
  const course = await seededCourse('Project Management Essentials');
  const upcoming = (await sessionsOf(course._id)).filter((s) => s.status !== 'cancelled' && s.endsOn >= day(0));
  expect(upcoming.length).toBeGreaterThan(0);

  const html = await (await page.request.get(`/courses/${course._id}`)).text();
  expect(html).toContain('Upcoming sessions');
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as { '@type'?: string; hasCourseInstance?: { startDate: string; courseMode: string }[] })
    .find((data) => data['@type'] === 'Course');
  expect(ld?.hasCourseInstance?.map((instance) => instance.startDate)).toEqual(upcoming.map((s) => s.startsOn));

  await page.goto(`/courses/${course._id}`);
  const region = page.getByRole('region', { name: 'Upcoming sessions' });
  await expect(region.getByRole('listitem')).toHaveCount(upcoming.length);
  const first = upcoming[0]!;
  await expect(region.getByRole('listitem').first()).toContainText(first.schedule);
  if (first.seatsLeft !== null) await expect(region.getByRole('listitem').first()).toContainText(`${first.seatsLeft} seat`);
});

test('the admin adds a session (the server\'s validation shown), closes it, and the public page follows', async ({ page }) => {
  acceptDialogs(page);
  const course = await createCourse();
  try {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?section=sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'Class Sessions' })).toBeVisible();
    await pickOwner(page, course.title);
    await expect(page.getByText('No sessions yet.')).toBeVisible();

    const form = page.getByRole('form', { name: 'Add session' });
    await form.getByLabel('Starts on').fill(day(40));
    await form.getByLabel('Ends on').fill(day(30));
    await form.getByLabel('Enrollment deadline').fill(day(20));
    await form.getByLabel('Schedule').fill('Tue/Thu 6-9 pm');
    await form.getByLabel('Address').fill('100 Market St, Newark, NJ');
    await form.getByLabel('Seats (blank: unlimited)').fill('2');
    await form.getByRole('button', { name: 'Add session' }).click();
    // The server's own sentence, and nothing stored.
    await expect(form.getByRole('alert')).not.toBeEmpty();
    expect(await sessionsOf(course._id)).toEqual([]);

    await form.getByLabel('Ends on').fill(day(70));
    await form.getByRole('button', { name: 'Add session' }).click();
    await expect(page.getByText('Session added.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Tue/Thu 6-9 pm' });
    await expect(row).toContainText('0 of 2 taken');
    await expect(row).toContainText('Open');

    await page.goto(`/courses/${course._id}`);
    await expect(page.getByRole('region', { name: 'Upcoming sessions' })).toContainText('2 seats left');

    await page.goto('/admin?section=sessions');
    await pickOwner(page, course.title);
    await page.getByRole('row').filter({ hasText: 'Tue/Thu 6-9 pm' }).getByRole('button', { name: /^Close / }).click();
    await expect(page.getByText('Session closed.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Tue/Thu 6-9 pm' })).toContainText('Closed');
    expect((await sessionsOf(course._id))[0]?.status).toBe('closed');

    await page.goto(`/courses/${course._id}`);
    await expect(page.getByRole('region', { name: 'Upcoming sessions' })).toContainText('Enrollment closed');
  } finally {
    await deleteCourse(course._id);
  }
});

test('a student picks the second session, accepts the agreement and pays: the seat is taken in that session', async ({ page }) => {
  const course = await createCourse({ price: 900 });
  try {
    const admin = await adminToken();
    const make = async (startIn: number, schedule: string) => {
      const made = await apiAs<ClassSession>(admin, 'POST', '/api/sessions', {
        courseId: course._id, startsOn: day(startIn), endsOn: day(startIn + 30), enrollmentDeadline: day(startIn - 5), schedule, mode: 'online', seats: 5,
      });
      expect(made.status).toBe(201);
      return made.body;
    };
    const first = await make(20, 'Mon/Wed 6-9 pm');
    const second = await make(50, 'Sat 9 am-3 pm');
    // null while none is published; publishing one here would gate every later payment journey of the shared stack.
    const agreement = await apiAs<{ version: number } | null>(admin, 'GET', '/api/agreement');

    await signedInStudent(page);
    await openPaymentPage(page, course);
    const group = page.getByRole('group', { name: 'Choose a session' });
    await expect(group.getByRole('radio')).toHaveCount(2);
    await expect(group.getByRole('radio').first()).toBeChecked();
    await group.getByRole('radio', { name: /Sat 9 am-3 pm/ }).check();
    const pay = page.getByRole('button', { name: 'Pay Full $900', exact: true });
    if (agreement.status === 200 && agreement.body) {
      // The current agreement must be accepted first: the button waits for it.
      await expect(pay).toBeDisabled();
      await page.getByRole('checkbox', { name: 'I have read and accept the enrollment agreement' }).check();
      await expect(page.getByText(`You accepted version ${agreement.body.version} on`)).toBeVisible();
    }
    await expect(pay).toBeEnabled();
    await pay.click();
    await onSandboxCheckout(page);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

    const seats = async (id: string) => (await apiAs<ClassSession>(admin, 'GET', `/api/sessions/${id}`)).body.seatsTaken;
    expect(await seats(second.id)).toBe(1);
    expect(await seats(first.id)).toBe(0);
  } finally {
    await deleteCourse(course._id);
  }
});

test('a full session\'s waitlist: a seat frees, the first in line is emailed an offer and its link leads to paying for it', async ({ page }) => {
  const course = await createCourse({ price: 900 });
  try {
    const admin = await adminToken();
    const made = await apiAs<ClassSession>(admin, 'POST', '/api/sessions', {
      courseId: course._id, startsOn: day(30), endsOn: day(60), enrollmentDeadline: day(25), schedule: 'Fri 6-9 pm', mode: 'online', seats: 1,
    });
    expect(made.status).toBe(201);
    const sessionId = made.body.id;
    // Whatever agreement the shared stack has published is accepted by each student, as the checkout asks.
    const agreement = (await apiAs<{ version: number } | null>(admin, 'GET', '/api/agreement')).body;
    const accept = async (token: string) => {
      if (agreement) expect((await apiAs(token, 'POST', '/api/agreement/accept', { version: agreement.version })).status).toBe(200);
    };

    // The only seat is taken.
    const holder = await newStudent();
    const holderLogin = await apiLogin(holder.email, holder.password);
    await accept(holderLogin.token);
    await payThroughApi(holderLogin.token, course._id, 900);

    // A student finds the session full and joins its waitlist from the payment page.
    const waiter = await signedInStudent(page);
    await accept(waiter.token);
    await openPaymentPage(page, course);
    const group = page.getByRole('group', { name: 'Choose a session' });
    await expect(group).toContainText('Full: join the waitlist');
    await group.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByText('You are on the waitlist. We will email you when a seat frees up.')).toBeVisible();

    // The seat frees: the admin withdraws the student who held it.
    const [held] = (await apiAs<{ id: string }[]>(admin, 'GET', `/api/enrollments?userId=${holderLogin.userId}`)).body;
    expect((await apiAs(admin, 'POST', `/api/enrollments/${held!.id}/withdraw`)).status).toBe(200);

    // The offer arrives through the outbox in the sandbox's inbox; its link opens the course page with the offer.
    let mail: SandboxEmail | undefined;
    await expect.poll(async () => {
      mail = (await inboxEmails()).find((m) => m.template_params.to_email === waiter.email && /^A seat is free for you in /.test(String(m.template_params.subject)));
      return mail !== undefined;
    }, { timeout: 20_000, message: `the offer email to ${waiter.email}` }).toBe(true);
    expect(String(mail!.template_params.message)).toContain('It is held for you until');
    const link = new URL(String(mail!.template_params.link_url));
    expect(`${link.pathname}${link.search}`).toBe(`/courses/${course._id}?session=${sessionId}`);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('region', { name: 'Upcoming sessions' }).getByRole('status')).toContainText('A seat is held for you until');

    // Nobody else can take the held seat; the offered student pays for it.
    const other = await newStudent();
    const otherLogin = await apiLogin(other.email, other.password);
    await accept(otherLogin.token);
    const refused = await apiAs<{ message: string }>(otherLogin.token, 'POST', `/api/payments/create-order/${course._id}`, { amount: 900, sessionId });
    expect(refused.status).toBe(409);

    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/${course._id}$`));
    await expect(group.getByRole('radio', { name: /Fri 6-9 pm/ })).toBeChecked();
    await expect(group).toContainText('A seat is held for you until');
    const pay = page.getByRole('button', { name: 'Pay Full $900', exact: true });
    await expect(pay).toBeEnabled();
    await pay.click();
    await onSandboxCheckout(page);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

    const mine = (await apiAs<{ status: string; session: { id: string } | null }[]>(waiter.token, 'GET', '/api/enrollments/mine')).body;
    expect(mine.find((e) => e.session?.id === sessionId)?.status).toBe('paid_in_full');
    expect((await apiAs<unknown[]>(waiter.token, 'GET', '/api/waitlist/mine')).body).toEqual([]);
  } finally {
    await deleteCourse(course._id);
  }
});

test('at 375 px the session choice and the admin\'s sessions fit, with one h1 and no serious axe violation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const course = await seededCourse('Project Management Essentials');
  await signedInStudent(page);
  await openPaymentPage(page, course);
  await expect(page.getByRole('group', { name: 'Choose a session' })).toBeVisible();
  const payment = await inspect(page, 'page');
  expect(payment).toMatchObject({ h1: 1, violations: [] });
  expect(payment.scrollWidth).toBeLessThanOrEqual(payment.innerWidth);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?section=sessions');
  await pickOwner(page, course.title);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const admin = await inspect(page, 'page');
  expect(admin).toMatchObject({ h1: 1, violations: [] });
  expect(admin.scrollWidth).toBeLessThanOrEqual(admin.innerWidth);
});
