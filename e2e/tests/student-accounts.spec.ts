import { expect, test } from '@playwright/test';
import { dollars } from '../support/format';
import { payThroughApi, seededQuickProgram, signedInStudent } from '../support/payments';
import { inboxEmails, type SandboxEmail } from '../support/sandbox';
import { ADMIN, apiLogin, newStudent, signIn } from '../support/stack';

/** Issue 18 through the sandbox inbox: the API's own mail (outbox worker, EmailJS REST API) lands there. */
async function emailTo(to: string, subject: RegExp): Promise<SandboxEmail> {
  let found: SandboxEmail | undefined;
  await expect.poll(async () => {
    found = (await inboxEmails()).find((m) => m.template_params.to_email === to && subject.test(String(m.template_params.subject)));
    return found !== undefined;
  }, { timeout: 20_000, message: `an email to ${to} with subject ${subject}` }).toBe(true);
  return found!;
}

/** The emailed link, opened on the site under test (the API builds it on SITE_URL). */
const sitePath = (link: unknown) => {
  const url = new URL(String(link));
  return `${url.pathname}${url.search}`;
};

async function expectLoginRefused(email: string, password: string) {
  await expect(apiLogin(email, password)).rejects.toThrow(/401/);
}

test('a forgotten password is reset from the emailed link: the old one fails, the new one works', async ({ page }) => {
  const student = await newStudent();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(student.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');

  const mail = await emailTo(student.email, /^Reset your password$/);
  expect(mail.template_id).toBe('template_account');
  await page.goto(sitePath(mail.template_params.link_url));
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Quiet-Lantern-52');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await expectLoginRefused(student.email, student.password);
  await signIn(page, student.email, 'Quiet-Lantern-52');
  // The link worked once.
  await page.goto(sitePath(mail.template_params.link_url));
  await page.getByLabel('New password', { exact: true }).fill('Another-Lantern-77');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, expired or already used');
});

test('a payment is receipted by email and on a printable page; a refund shows on the student\'s page', async ({ page, browser }) => {
  const program = await seededQuickProgram('IT Support Bootcamp');
  const student = await signedInStudent(page);
  const payment = await payThroughApi(student.token, program._id, 600);

  const receiptMail = await emailTo(student.email, /^Your receipt \d{4}-\d{6}$/);
  expect(String(receiptMail.template_params.message)).toContain(`Program: ${program.title}`);
  await page.goto(sitePath(receiptMail.template_params.link_url));
  await expect(page).toHaveURL(new RegExp(`/receipts/${payment._id}$`));
  const sheet = page.getByRole('article', { name: /^Receipt \d{4}-\d{6}$/ });
  await expect(sheet).toContainText(program.title);
  await expect(sheet).toContainText('$600');
  await expect(sheet).toContainText(payment.paypalOrderId!);
  await expect(sheet.getByRole('definition').filter({ hasText: /^\$\d/ }).last()).toHaveText(dollars(program.price - 600));
  // On paper: the receipt without the site's header and the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The admin refunds $100 of it from the payments page.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/payment');
    const row = admin.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ has: admin.getByRole('cell', { name: payment.paypalOrderId!, exact: true }) });
    await row.getByRole('button', { name: `Refund payment ${payment.paypalOrderId!}` }).click();
    await row.getByLabel(/Amount/).fill('100');
    await row.getByLabel('Reason').fill('Missed the first week');
    await row.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(row).toContainText('PARTIALLY_REFUNDED');
    await expect(row).toContainText('Refunded $100');
  } finally {
    await adminContext.close();
  }

  await emailTo(student.email, /^Refund of \$100\.00 for /);
  await page.goto('/profile');
  const learning = page.getByRole('article', { name: program.title });
  await expect(learning).toContainText(`Paid $500 of ${dollars(program.price)}.`);
  await expect(learning).toContainText(`Remaining: ${dollars(program.price - 500)}`);
  await expect(learning.getByRole('button', { name: `Pay balance of ${program.title}` })).toBeVisible();
  await expect(learning.getByRole('link', { name: /^Receipt \d{4}-\d{6}$/ })).toBeVisible();
  await expect(learning).toContainText('(refunded $100)');
});
