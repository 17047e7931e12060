import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEV } from '@institute/shared/defaults';
import { clearInbox, failNextEmails, formEmails } from '../support/sandbox';

const SENT = 'Your message has been sent successfully!';
const FAILED = 'Failed to send message. Please try again.';
const { contact: CONTACT, appointment: APPOINTMENT } = DEV.sandbox.emailjsTemplates;

// The sandbox's mailbox is shared by the whole run, so each test starts from an empty one.
test.beforeEach(async () => {
  await clearInbox();
});

function contactForm(page: Page) {
  const form = page.getByRole('region', { name: 'Send Us a Message' });
  return {
    form,
    name: form.getByRole('textbox', { name: 'Name' }),
    email: form.getByRole('textbox', { name: 'Email' }),
    phone: form.getByRole('textbox', { name: 'Phone' }),
    message: form.getByRole('textbox', { name: 'Message' }),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}

async function openContact(page: Page) {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
  return contactForm(page);
}

const MESSAGE = {
  name: 'Jordan Lee',
  email: 'jordan.lee@example.test',
  number: '(555) 010-2233',
  message: 'Is the evening phlebotomy class still open for April?',
};

async function typeMessage(fields: ReturnType<typeof contactForm>) {
  await fields.name.fill(MESSAGE.name);
  await fields.email.fill(MESSAGE.email);
  await fields.phone.fill(MESSAGE.number);
  await fields.message.fill(MESSAGE.message);
}

const expectEmpty = async (inputs: Locator[]) => {
  for (const input of inputs) await expect(input).toHaveValue('');
};

test('a contact message reaches the EmailJS inbox with the typed fields, and the form clears', async ({ page }) => {
  const fields = await openContact(page);
  await typeMessage(fields);
  const sent = page.waitForResponse((r) => r.url().includes('/api/v1.0/email/send') && r.request().method() === 'POST');
  await fields.send.click();
  expect((await sent).status()).toBe(200);

  await expect(fields.form.getByRole('status')).toHaveText(SENT);
  await expectEmpty([fields.name, fields.email, fields.phone, fields.message]);
  await expect(fields.form.getByText(FAILED)).toHaveCount(0);

  const emails = await formEmails(CONTACT);
  expect(emails).toHaveLength(1);
  expect(emails[0]).toMatchObject({ service_id: 'service_sandbox', user_id: 'sandbox-public-key', template_id: 'template_contact' });
  expect(emails[0]!.template_params).toEqual(MESSAGE);
});

test('when EmailJS fails, "Failed to send message. Please try again." shows and the typed text stays', async ({ page }) => {
  const fields = await openContact(page);
  await failNextEmails(1, CONTACT);
  await typeMessage(fields);
  await fields.send.click();

  await expect(fields.form.getByRole('alert')).toHaveText(FAILED);
  await expect(fields.name).toHaveValue(MESSAGE.name);
  await expect(fields.email).toHaveValue(MESSAGE.email);
  await expect(fields.phone).toHaveValue(MESSAGE.number);
  await expect(fields.message).toHaveValue(MESSAGE.message);
  await expect(fields.form.getByText(SENT)).toHaveCount(0);
  await expect(fields.send).toBeEnabled();
  expect(await formEmails(CONTACT)).toEqual([]);

  // The failure was the provider's, not the visitor's: sending again, unchanged, goes through.
  await fields.send.click();
  await expect(fields.form.getByRole('status')).toHaveText(SENT);
  await expect(fields.form.getByText(FAILED)).toHaveCount(0);
  const emails = await formEmails(CONTACT);
  expect(emails).toHaveLength(1);
  expect(emails[0]!.template_params).toEqual(MESSAGE);
});

/**
 * A weekday at least two days ahead, as a date input holds it (yyyy-mm-dd): the API takes requests within office
 * hours (weekdays in New York by default), and two days ahead here is still ahead there, whatever this zone.
 */
function weekdayAhead(): string {
  const date = new Date();
  date.setDate(date.getDate() + 2);
  while (date.getDay() === 0 || date.getDay() === 6) date.setDate(date.getDate() + 1);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

test('an appointment request from /appointment reaches the inbox with its fields', async ({ page }) => {
  const catalogRequests: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/(courses|quick-programs)(\?|$)/.test(new URL(req.url()).pathname + new URL(req.url()).search)) catalogRequests.push(req.url());
  });
  await page.goto('/appointment');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const form = page.getByRole('region', { name: 'Request an Appointment' });
  const request = {
    name: 'Priya Raman',
    email: 'priya.raman@example.test',
    number: '555-010-9911',
    program: 'Phlebotomy Fast Track',
    date: weekdayAhead(),
    time: '10:30',
    reason: 'I would like to discuss financing and the start dates.',
  };
  await form.getByLabel('Name').fill(request.name);
  await form.getByLabel('Email').fill(request.email);
  await form.getByLabel('Phone').fill(request.number);
  // Program suggests the catalog's titles as the server finds them for the typed words; the keyboard picks one.
  const program = form.getByRole('combobox', { name: 'Program' });
  await program.pressSequentially('phlebotomy f');
  const option = form.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^Phlebotomy Fast Track/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Quick program');
  await program.press('ArrowDown');
  await expect(program).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await program.press('Enter');
  await expect(program).toHaveValue(request.program);
  await expect(program).toHaveAttribute('aria-expanded', 'false');
  // A few cards per search, never a whole table (links in view prefetch their lists' first page, also paged).
  const searches = catalogRequests.map((url) => new URL(url).searchParams).filter((params) => params.has('q'));
  expect(searches.length).toBeGreaterThan(0);
  for (const params of searches) expect([params.get('limit'), params.get('fields')]).toEqual(['6', 'card']);
  for (const url of catalogRequests) expect(new URL(url).searchParams.has('limit')).toBe(true);
  await form.getByLabel('Preferred date').fill(request.date);
  await form.getByLabel('Preferred time').fill(request.time);
  await form.getByLabel('Reason').fill(request.reason);
  await form.getByRole('button', { name: 'Request Appointment' }).click();

  await expect(form.getByRole('status')).toHaveText(SENT);
  for (const label of ['Name', 'Email', 'Phone', 'Program', 'Preferred date', 'Preferred time', 'Reason']) {
    await expect(form.getByLabel(label)).toHaveValue('');
  }

  const emails = await formEmails(APPOINTMENT);
  expect(emails).toHaveLength(1);
  expect(emails[0]).toMatchObject({ service_id: 'service_sandbox', user_id: 'sandbox-public-key' });
  const params = emails[0]!.template_params;
  expect(params).toMatchObject({
    name: request.name,
    email: request.email,
    number: request.number,
    program: request.program,
    preferred_date: request.date,
    preferred_time: request.time,
    reason: request.reason,
  });
  // A template that knows only the contact fields still carries the request's details in `message`.
  for (const detail of [request.date, request.time, request.program, request.reason]) expect(String(params.message)).toContain(detail);
});
