import { expect, test } from '@playwright/test';
import { inboxEmails, type SandboxEmail } from '../support/sandbox';
import { ADMIN, signInByStorage } from '../support/stack';

const ZONE = 'America/New_York';

/** The institute's next Wednesday at least two days ahead: inside the default office hours, never in the past. */
function nextWednesday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function emailTo(to: string, subject: RegExp): Promise<SandboxEmail> {
  let found: SandboxEmail | undefined;
  await expect.poll(async () => {
    found = (await inboxEmails()).find((m) => m.template_params.to_email === to && subject.test(String(m.template_params.subject)));
    return found !== undefined;
  }, { timeout: 20_000, message: `an email to ${to} with subject ${subject}` }).toBe(true);
  return found!;
}

/**
 * Advising slots (issue 31): the admin publishes a slot, a visitor books it from the contact page's link, the
 * confirmation email's cancel link opens a page that names the session and cancels it, and the slot is free again.
 */
test('the admin publishes an advising slot, a visitor books it and frees it again with the emailed cancel link', async ({ page, browser }) => {
  const advisor = `Maya Chen ${Date.now().toString(36)}`;
  const email = `advising.${Date.now()}${Math.floor(Math.random() * 1000)}@example.test`;

  await signInByStorage(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Advising' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Advising Hours' })).toBeVisible();
  await expect(page.getByText(`Times are in ${ZONE}.`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Publish advising hours' });
  await form.getByLabel('Date').fill(nextWednesday());
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('Advisor').fill(advisor);
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(new RegExp(`^Published: Wednesday, .+, 10:00 AM to 10:30 AM with ${advisor}\\.$`))).toBeVisible();
  const adminRow = page.getByRole('table', { name: 'Upcoming advising slots' }).getByRole('row').filter({ hasText: advisor });
  await expect(adminRow).toContainText('0 of 1');

  const visitor = await (await browser.newContext()).newPage();
  // The open times are in the page's first HTML (decision 059).
  expect(await (await visitor.request.get('/advising')).text()).toMatch(new RegExp(`10:00 AM to 10:30 AM(<!-- -->)? with (<!-- -->)?${advisor}`));
  await visitor.goto('/contact');
  await visitor.getByRole('link', { name: 'Book a free advising session' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Book an Advising Session' })).toBeVisible();
  await expect(visitor.getByText(`All times are in the institute's time zone, ${ZONE}.`)).toBeVisible();
  await visitor.getByRole('radio', { name: new RegExp(`10:00 AM to 10:30 AM with ${advisor}$`) }).check();
  await visitor.getByLabel('Name').fill('Rosa Delgado');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('What would you like to talk about?').fill('Which evening program fits a full-time job?');
  await visitor.getByRole('button', { name: 'Book this time' }).click();
  await expect(visitor.getByRole('status')).toHaveText(new RegExp(`^Your advising session is booked for Wednesday, .+, 10:00 AM to 10:30 AM \\(${ZONE} time\\)\\.`));
  await expect(visitor.getByRole('radio', { name: new RegExp(advisor) })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Upcoming advising slots' }).getByRole('row').filter({ hasText: advisor })).toContainText('1 of 1');
  await expect(page.getByRole('table', { name: 'Upcoming advising slots' }).getByRole('row').filter({ hasText: advisor })).toContainText(`Rosa Delgado (${email})`);

  const mail = await emailTo(email, /^Your advising session is booked: Wednesday, /);
  expect(mail.template_params.message).toContain(`Advisor: ${advisor}`);
  expect(mail.template_params.link_text).toBe('Cancel this booking');
  const link = new URL(String(mail.template_params.link_url));
  expect(link.pathname).toBe('/advising/cancel');
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Cancel an Advising Session' })).toBeVisible();
  await expect(visitor.getByText(advisor)).toBeVisible();
  await visitor.getByRole('button', { name: 'Cancel this booking' }).click();
  await expect(visitor.getByRole('status')).toHaveText(/is cancelled\. The time is free for someone else\.$/);
  await expect(visitor.getByRole('button', { name: 'Cancel this booking' })).toHaveCount(0);

  // Freed: the visitor's list offers the time again, and the admin's shows no booking.
  await visitor.getByRole('link', { name: 'See the open advising times' }).click();
  await expect(visitor.getByRole('radio', { name: new RegExp(advisor) })).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Upcoming advising slots' }).getByRole('row').filter({ hasText: advisor })).toContainText('0 of 1');
});
