import { expect, test } from '@playwright/test';
import { DEV } from '@institute/shared/defaults';
import { ADMIN, signInByStorage } from '../support/stack';

/**
 * Leads (issue 31): a visitor's contact message is kept beside its email, reaches the admin's Inquiries inbox, and
 * the admin marks it contacted with a note; the follow-up is the server's, so a reload shows it again.
 */
test('a visitor\'s inquiry reaches the admin\'s inbox, where the admin marks it contacted with a note', async ({ page }) => {
  const email = `lead.${Date.now()}${Math.floor(Math.random() * 1000)}@example.test`;
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Send Us a Message' });
  await form.getByLabel('Name').fill('Dana Whitfield');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('555-010-2233');
  await form.getByLabel('Message').fill('Do you run the medical assistant course in the evening?');
  const stored = page.waitForResponse((res) => res.url().endsWith('/api/inquiries') && res.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await stored).status()).toBe(201);
  await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully!');

  await signInByStorage(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Inquiries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(email);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Inquiries, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText([/\d\d\.\d\d\.\d{4} \d\d:\d\d/, 'Dana Whitfield', email, 'Contact', 'New', 'Nobody', 'No account']);

  await row.getByRole('button', { name: 'Open the inquiry of Dana Whitfield' }).click();
  const detail = page.getByRole('region', { name: 'Inquiry from Dana Whitfield' });
  await expect(detail.getByText('Do you run the medical assistant course in the evening?')).toBeVisible();
  await detail.getByLabel('Status').selectOption('contacted');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Contacted');
  await detail.getByLabel('New note').fill('Called back: evening class starts in January; sending the brochure.');
  await detail.getByRole('button', { name: 'Add note' }).click();
  const notes = detail.getByRole('list', { name: 'Notes, oldest first' });
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes.getByRole('listitem')).toContainText('Called back: evening class starts in January; sending the brochure.');
  await expect(notes.getByRole('listitem')).toContainText(new RegExp(`^.*${DEV.admin.username}, \\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d$`));

  // The view is in the URL and the follow-up on the server: a reload opens the same inquiry, as it was left.
  await page.reload();
  await expect(detail.getByLabel('Status')).toHaveValue('contacted');
  await expect(detail.getByRole('list', { name: 'Notes, oldest first' }).getByRole('listitem')).toHaveCount(1);
});
