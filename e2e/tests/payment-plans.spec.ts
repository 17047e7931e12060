import { expect, test } from '@playwright/test';
import type { BalanceSchedule, PaymentPlan } from '@institute/shared/contract';
import { adminToken, createCourse, deleteCourse } from '../support/api';
import { apiAs, onSandboxCheckout, openPaymentPage, signedInStudent } from '../support/payments';
import { inboxEmails, type SandboxEmail } from '../support/sandbox';

const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** A UTC day as the pages show it: Nov 29, 2026. */
const shown = (day: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

async function emailTo(to: string, subject: RegExp): Promise<SandboxEmail> {
  let found: SandboxEmail | undefined;
  await expect.poll(async () => {
    found = (await inboxEmails()).find((m) => m.template_params.to_email === to && subject.test(String(m.template_params.subject)));
    return found !== undefined;
  }, { timeout: 20_000, message: `an email to ${to} with subject ${subject}` }).toBe(true);
  return found!;
}

/**
 * Issue 30, decision 051, in one visit: a student enrolled with a balance chooses the course's plan in My learning,
 * gets the "payment due" reminder (read from the sandbox's mailbox), follows its link to Pay balance, pays the
 * instalment through the PayPal stand-in, and the next due date moves to the following instalment. The session
 * started 28 days ago, so its second instalment falls due within the reminder's 3 days without moving any clock.
 */
test('a student on a plan is reminded of an instalment, pays it at PayPal, and the next due date moves', async ({ page }) => {
  const course = await createCourse({ price: 1500 });
  const admin = await adminToken();
  try {
    const session = await apiAs<{ id: string }>(admin, 'POST', '/api/sessions', {
      courseId: course._id, startsOn: isoDay(-28), endsOn: isoDay(90), schedule: 'Mon/Wed 6-9 pm', mode: 'online', enrollmentDeadline: isoDay(30),
    });
    expect(session.status).toBe(201);
    const plan = await apiAs<PaymentPlan>(admin, 'POST', '/api/admin/payment-plans', {
      programId: course._id, name: 'Three monthly', deposit: 0, instalments: 3, anchor: 'session_start', instalmentAmount: 500,
    });
    expect(plan.status).toBe(201);

    const student = await signedInStudent(page);
    const userId = await page.evaluate(() => localStorage.getItem('userId'));
    // Enrolled by the institute, the first $500 taken in cash.
    expect((await apiAs(admin, 'POST', '/api/admin/ledger/enrollments', { userId, programId: course._id, sessionId: session.body.id })).status).toBe(201);
    expect((await apiAs(admin, 'POST', '/api/admin/ledger/offline-payments', {
      userId, programId: course._id, amount: 500, method: 'cash', paidOn: isoDay(0), overBalance: 'refuse',
    })).status).toBe(201);

    await page.goto('/profile');
    const learning = page.getByRole('article', { name: course.title });
    await learning.getByRole('combobox', { name: 'Payment plan' }).selectOption({ label: 'Three monthly (3 monthly)' });
    await learning.getByRole('button', { name: 'Use this plan' }).click();
    await expect(learning.getByRole('status')).toHaveText('Payment plan chosen: Three monthly.');
    const table = learning.getByRole('table', { name: 'Payment plan: Three monthly' });
    await expect(table.getByRole('row')).toHaveCount(4);
    const schedule = (await apiAs<BalanceSchedule>(student.token, 'GET', `/api/payment-plans/mine/${course._id}`)).body;
    const [, second, third] = schedule.items;
    await expect(learning).toContainText(`Next payment: $500 due ${shown(second!.dueOn)}`);
    await expect(table.getByRole('row').nth(1)).toContainText('Paid');

    // The reminder pass (the admin's run of it) emails the instalment due within 3 days, once.
    expect((await apiAs<{ queued: number }>(admin, 'POST', '/api/admin/payment-reminders/run')).status).toBe(200);
    const mail = await emailTo(student.email, new RegExp(`^Payment due ${second!.dueOn}: `));
    expect(String(mail.template_params.message)).toContain(`Instalment 2 of $500.00 for ${course.title} is due on ${second!.dueOn}.`);
    expect(mail.template_params.link_text).toBe('Pay balance');
    expect((await apiAs<{ queued: number }>(admin, 'POST', '/api/admin/payment-reminders/run')).body.queued).toBe(0);

    // The link opens Pay balance for this course.
    const link = new URL(String(mail.template_params.link_url));
    await page.goto(`${link.pathname}${link.search}`);
    const dialog = page.getByRole('dialog', { name: `Pay the balance for ${course.title}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // One instalment paid through the PayPal stand-in: a partial payment of $500.
    await openPaymentPage(page, course);
    const partial = page.getByRole('form', { name: 'Partial payment' });
    await partial.getByLabel('Partial amount (USD)').fill('500');
    await partial.getByRole('button', { name: 'Pay Partial' }).click();
    await onSandboxCheckout(page);
    await expect(page.getByTestId('amount')).toHaveText('$500.00 USD');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

    await page.goto('/profile');
    await expect(learning).toContainText(`Next payment: $500 due ${shown(third!.dueOn)}`);
    await expect(table.getByRole('row').nth(2)).toContainText('Paid');
    await expect(table.getByRole('row').nth(3)).toContainText('Due');
  } finally {
    await deleteCourse(course._id);
  }
});
