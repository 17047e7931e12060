import { expect, test, type Page } from '@playwright/test';
import type { Payment } from '@institute/shared/contract';
import { dollars } from '../support/format';
import { apiAs, onSandboxCheckout, payThroughApi, seededCourse, signedInStudent } from '../support/payments';
import { scrollThroughPage } from '../support/page-checks';
import { ADMIN, apiLogin, newStudent, signIn } from '../support/stack';

/** Issue 14: one journey per finding, each failing before its fix. */

const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await overflow(page);
  expect(scrollWidth, `document is ${scrollWidth} px wide in a ${innerWidth} px viewport`).toBeLessThanOrEqual(innerWidth);
}

test('1. a CANCELLED order is not paid: admin table and profile show $0 for it and the balance the API has', async ({ page }) => {
  const course = await seededCourse('Network Administration');
  const student = await newStudent();
  const { token } = await apiLogin(student.email, student.password);
  const created = await apiAs<{ orderID: string }>(token, 'POST', `/api/payments/create-order/${course._id}`, { amount: course.price });
  expect(created.status).toBe(201);
  expect((await apiAs(token, 'POST', `/api/payment/cancel/${created.body.orderID}`)).status).toBe(200);
  const partial: Payment = await payThroughApi(token, course._id, 500);
  const due = course.price - 500;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/payment');
  const cancelledRow = page.getByRole('row').filter({ hasText: created.body.orderID });
  const cells = cancelledRow.getByRole('cell');
  await expect(cells.nth(7)).toHaveText('CANCELLED');
  await expect(cells.nth(3)).toHaveText(`$0Ordered ${dollars(course.price)}`);
  await expect(cells.nth(4)).toHaveText(dollars(course.price));
  await expect(cancelledRow).not.toContainText('Paid in Full');
  const paidRow = page.getByRole('row').filter({ hasText: partial.paypalOrderId! });
  await expect(paidRow.getByRole('cell').nth(3)).toHaveText('$500');
  await expect(paidRow.getByRole('cell').nth(4)).toHaveText(dollars(due));

  const check = await apiAs<{ amountPaid: number; dueAmount: number }>(token, 'GET', `/api/payments/check/${course._id}`);
  expect(check.body).toMatchObject({ amountPaid: 500, dueAmount: due });

  await page.evaluate(() => localStorage.clear());
  await signIn(page, student.email, student.password);
  await page.goto('/profile');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`$0Ordered ${dollars(course.price)}`);
  await expect(rows.nth(1)).toContainText('CANCELLED');
  await expect(rows.nth(2)).toContainText(`$500${dollars(due)}COMPLETED`);
});

test('2. a redirect payment made at 127.0.0.1 returns to 127.0.0.1, where the student is signed in', async ({ page, baseURL }) => {
  const other = baseURL!.replace('localhost', '127.0.0.1');
  const course = await seededCourse('Project Management Essentials');
  const student = await newStudent();
  await page.goto(`${other}/login`);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: /^(log in|sign in|login)$/i }).click();
  await page.waitForURL(`${other}/`);
  await page.goto(`${other}/courses/${course._id}`);
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await page.getByRole('button', { name: `Pay Full ${dollars(course.price)}`, exact: true }).click();
  await onSandboxCheckout(page);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-success');
  expect(new URL(page.url()).origin).toBe(other);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByLabel('Payment summary')).toContainText('Due amountPaid in Full');
});

test('3. a failed confirmation never says success: /payment-success?token=BOGUS&PayerID=X', async ({ page }) => {
  await signedInStudent(page);
  await page.goto('/payment-success?token=BOGUS&PayerID=X');
  await expect(page.getByRole('alert')).toContainText('We could not confirm your payment: Payment not found.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not confirmed');
  await expect(page.getByText('Payment Successful')).toHaveCount(0);
  await expect(page.getByText('Thank you for your payment!')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/Successful/);
});

test.describe('4. phones (375 px)', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('/contact does not scroll sideways', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Find Us' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("the home page's floating buttons cover no course card", async ({ page }) => {
    await page.goto('/');
    // The home page's sections mount as they scroll into view.
    await scrollThroughPage(page);
    const cards = page.getByRole('region', { name: 'Popular Courses' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    const buttons = page.getByRole('navigation', { name: 'Contact shortcuts' }).getByRole('link');
    for (const card of await cards.all()) {
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = (await card.boundingBox())!;
      for (const button of await buttons.all()) {
        const b = (await button.boundingBox())!;
        const overlaps = b.x < box.x + box.width && b.x + b.width > box.x && b.y < box.y + box.height && b.y + b.height > box.y;
        expect(overlaps, `a floating button covers a course card (${JSON.stringify(b)} over ${JSON.stringify(box)})`).toBe(false);
      }
    }
  });
});

test.describe('5. admin payments', () => {
  test.beforeEach(async ({ page }) => {
    // At least one payment, so the table shows.
    const student = await newStudent();
    const { token } = await apiLogin(student.email, student.password);
    await payThroughApi(token, (await seededCourse('Network Administration'))._id, 500);
    await signIn(page, ADMIN.email, ADMIN.password);
  });

  test('the table fits its box at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/payment');
    const table = page.getByRole('table', { name: 'Payments' });
    await expect(table).toBeVisible();
    const { tableWidth, boxWidth, columns } = await table.evaluate((el) => ({
      tableWidth: el.scrollWidth, boxWidth: el.parentElement!.clientWidth,
      columns: [...el.querySelectorAll('th')].map((th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`).join(', '),
    }));
    expect(tableWidth, `table ${tableWidth} px in a ${boxWidth} px box (${columns})`).toBeLessThanOrEqual(boxWidth);
    for (const header of ['Currency', 'PayPal Order ID', 'Status', 'Created At']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInViewport();
    }
    await expectNoSidewaysScroll(page);
  });

  test('at 375 px each payment reads as a card, labelled, without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/payment');
    const firstCell = page.getByRole('table', { name: 'Payments' }).locator('tbody td').first();
    await expect(firstCell).toBeVisible();
    expect(await firstCell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Payment ID"');
    await expectNoSidewaysScroll(page);
  });
});

test('9. /favicon.ico is an icon, and the static policy pages link it', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  for (const page of ['/privacy-policy.html', '/terms-and-conditions.html']) {
    expect(await (await request.get(page)).text()).toContain('<link rel="icon" href="/favicon.ico">');
  }
});
