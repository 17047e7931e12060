import { expect, test } from '@playwright/test';
import { dollars, dollarsWithCents } from '../support/format';
import { courseWithOpenSeats, freshStudent } from '../support/invoices';
import { apiAs, onSandboxCheckout } from '../support/payments';
import { inboxEmails, type SandboxEmail } from '../support/sandbox';
import { ADMIN, signIn } from '../support/stack';

/**
 * Issue 30, decision 052: the admin invoices two students' seats to an organization; the contact opens the emailed
 * link (no account), pays the total at PayPal and lands back on the invoice, now paid; both students are enrolled
 * and paid in full, and the admin's list says Paid.
 */
test("an organization is invoiced for two students' seats and pays through the emailed link", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const [{ course, session }, ann, ben] = await Promise.all([courseWithOpenSeats(), freshStudent(), freshStudent()]);
  const contactEmail = `dana${Date.now()}@acme.test`;
  const total = course.price * 2;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?section=invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Employer Invoices' })).toBeVisible();
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('form', { name: 'New invoice' });
  await form.getByLabel('Organization', { exact: true }).fill('Acme Logistics');
  await form.getByLabel('Organization address').fill('12 Harbor Road, Springfield');
  await form.getByLabel('Contact name').fill('Dana Reyes');
  await form.getByLabel('Contact email').fill(contactEmail);
  await form.getByRole('combobox', { name: 'Course or program' }).fill(course.title);
  await page.getByRole('option', { name: new RegExp(course.title) }).first().click();
  await form.getByLabel('Class session').selectOption(session.id);
  for (const student of [ann, ben]) {
    await form.getByLabel('Student email').fill(student.email);
    await form.getByRole('button', { name: 'Add student' }).click();
    await expect(form.getByRole('list', { name: 'Students on this invoice' })).toContainText(student.email);
  }
  await form.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('status').filter({ hasText: 'issued for' });
  await expect(issued).toContainText(`issued for ${dollars(total)} and emailed to ${contactEmail}.`);
  const number = /Invoice (INV-\d{4}-\d{4})/.exec((await issued.textContent()) ?? '')?.[1];
  expect(number).toBeDefined();
  const row = page.getByRole('row', { name: new RegExp(number!) });
  await expect(row).toContainText('2 seats');
  await expect(row).toContainText('Open');

  // The contact: the link from the email, in a browser that has never signed in.
  let mail: SandboxEmail | undefined;
  await expect.poll(async () => {
    mail = (await inboxEmails()).find((m) => m.template_params.to_email === contactEmail);
    return mail !== undefined;
  }, { timeout: 30_000, message: `the invoice email to ${contactEmail}` }).toBe(true);
  expect(String(mail!.template_params.subject)).toContain(`Invoice ${number}`);
  expect(String(mail!.template_params.message)).toContain(`${ann.username}, ${course.title}`);
  const link = new URL(String(mail!.template_params.link_url));
  const contact = await browser.newPage();
  // The invoice is in the page's first HTML, for its holder only (decision 059); an unknown code's page is a 404.
  const first = await contact.request.get(link.pathname);
  expect(first.headers()['cache-control']).toBe('private, no-store');
  // React separates adjacent texts with an empty comment.
  expect((await first.text()).replace(/<!-- -->/g, '')).toMatch(new RegExp(`<h1[^>]*>Invoice ${number}</h1>`));
  const unknown = await contact.request.get('/invoices/ZZZZZZZZZZZZZZZZZZZZZZZZ/pay');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('This invoice could not be found.');
  const errors: string[] = [];
  contact.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await contact.goto(link.pathname);
  await expect(contact.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  const sheet = contact.getByRole('table');
  await expect(sheet.getByRole('row', { name: new RegExp(ann.username) })).toContainText(dollarsWithCents(course.price));
  await expect(sheet.getByRole('row', { name: new RegExp(ben.username) })).toContainText(dollarsWithCents(course.price));
  await expect(sheet.getByRole('row', { name: /Total/ })).toContainText(dollarsWithCents(total));
  // Hydrated from the server's state: nothing complained (a mismatch would), and the page works.
  expect(errors, 'no console errors (hydration mismatches included)').toEqual([]);
  await contact.getByRole('button', { name: `Pay ${dollarsWithCents(total)} with PayPal` }).click();

  await onSandboxCheckout(contact);
  await expect(contact.getByTestId('amount')).toHaveText(`${dollarsWithCents(total)} USD`);
  await contact.getByRole('button', { name: 'Pay now' }).click();
  await contact.waitForURL((url) => url.pathname === link.pathname);
  await expect(contact.getByText('Thank you: this invoice is paid.', { exact: false })).toBeVisible();
  await expect(contact.getByText('Status').locator('xpath=following-sibling::dd')).toHaveText('Paid');
  await expect(contact.getByRole('button', { name: /with PayPal/ })).toHaveCount(0);
  // A reload reads the paid invoice and takes nothing more.
  await contact.reload();
  await expect(contact.getByText(/^Paid with PayPal on/)).toBeVisible();
  await contact.close();

  // Both students hold their seat, paid in full by the organization; the admin's list says Paid.
  for (const student of [ann, ben]) {
    const mine = await apiAs<{ session: { id: string } | null; status: string; balanceDue: number }[]>(student.token, 'GET', '/api/enrollments/mine');
    expect(mine.body.find((e) => e.session?.id === session.id)).toMatchObject({ status: 'paid_in_full', balanceDue: 0 });
  }
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(number!) })).toContainText('Paid');
});
