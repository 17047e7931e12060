import { expect, test, type Page } from '@playwright/test';
import { dollars, dollarsWithCents } from '../support/format';
import { API_URL } from '../support/stack';
import {
  allPayments, apiAs, createOrder, myPayments, onSandboxCheckout, openEnrollModal, openPaymentPage, paymentCheck, paymentsFor, recordDialogs,
  sdkDialog, seededCourse, seededQuickProgram, signedInStudent,
} from '../support/payments';

const SUCCESS_TITLE = 'Payment Successful';
const SUCCESS_TEXT = 'Thank you for your payment! Your enrollment is being processed.';
const ENROLLED = 'Payment successful! You are now enrolled.';
const ALREADY_PAID = 'You have already paid for this course. We will contact you shortly.';

/** What /payment-success shows once the server has confirmed the payment. */
const successSummary = (page: Page) => page.getByLabel('Payment summary');
/** The ProgramPayment widget on /quick-programs/{id}. */
const programPanel = (page: Page, title: string) => page.getByRole('region', { name: `Pay for ${title}` });
const paypalButton = (page: Page) => page.getByRole('button', { name: 'PayPal', exact: true });

test.describe('course payment page: redirect flow', () => {
  test('a student pays a course in full on the sandbox page; reloading /payment-success records nothing more', async ({ page }) => {
    const course = await seededCourse('Project Management Essentials');
    const student = await signedInStudent(page);
    await openPaymentPage(page, course);
    await page.getByRole('button', { name: `Pay Full ${dollars(course.price)}`, exact: true }).click();

    const orderId = await onSandboxCheckout(page);
    // The API prices the order and describes it as the contract says; the buyer sees both.
    await expect(page.getByTestId('amount')).toHaveText(`${dollarsWithCents(course.price)} USD`);
    await expect(page.getByText(`Payment for ${course.title}`)).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(/\/payment-success\?/);
    expect(new URL(page.url()).searchParams.get('token')).toBe(orderId);
    await expect(page.getByRole('heading', { level: 1, name: SUCCESS_TITLE })).toBeVisible();
    await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
    const summary = successSummary(page);
    await expect(summary).toContainText(`Amount paid${dollars(course.price)}`);
    await expect(summary).toContainText('Due amountPaid in Full');

    const recorded = await paymentsFor(student.token, course.title);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: course.price, currency: 'USD', status: 'COMPLETED', paypalOrderId: orderId });
    expect(await paymentCheck(student.token, course._id)).toEqual({ hasPaid: true, amountPaid: course.price, dueAmount: 0 });

    // The return URL is replayed: the server answers with the same payment instead of recording another.
    await page.reload();
    await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
    await expect(summary).toContainText('Due amountPaid in Full');
    const afterReload = await paymentsFor(student.token, course.title);
    expect(afterReload.map((p) => p._id)).toEqual([recorded[0]!._id]);
  });

  test('a partial payment of $600 is recorded as 600 and leaves price - 600 due', async ({ page }) => {
    const course = await seededCourse('Network Administration');
    expect(course.price).toBeGreaterThan(600);
    const due = course.price - 600;
    const student = await signedInStudent(page);
    await openPaymentPage(page, course);
    const partial = page.getByRole('form', { name: 'Partial payment' });
    await expect(partial.getByLabel('Partial amount (USD)')).toHaveValue('500');
    await partial.getByLabel('Partial amount (USD)').fill('600');
    // The start is held at the network so the in-flight state can be seen (spec section 4).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.port === new URL(API_URL).port && url.pathname === '/payment', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await partial.getByRole('button', { name: 'Pay Partial' }).click();
    const processing = page.getByRole('button', { name: 'Processing...', exact: true });
    await expect(processing).toHaveCount(2);
    for (const button of await processing.all()) await expect(button).toBeDisabled();
    release();

    await onSandboxCheckout(page);
    await expect(page.getByTestId('amount')).toHaveText('$600.00 USD');
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expect(page.getByRole('heading', { level: 1, name: SUCCESS_TITLE })).toBeVisible();
    await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
    const summary = successSummary(page);
    await expect(summary).toContainText('Amount paid$600');
    await expect(summary).toContainText(`Due amount${dollars(due)}`);

    const recorded = await paymentsFor(student.token, course.title);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: 600, status: 'COMPLETED' });
    expect(await paymentCheck(student.token, course._id)).toEqual({ hasPaid: false, amountPaid: 600, dueAmount: due });
  });

  test('"Cancel and return" on the sandbox page alerts "Payment cancelled.", ends on /quick-programs, and cancels the order', async ({ page }) => {
    const course = await seededCourse('Full-Stack Web Development');
    const student = await signedInStudent(page);
    const alerts = recordDialogs(page);
    await openPaymentPage(page, course);
    await page.getByRole('button', { name: `Pay Full ${dollars(course.price)}`, exact: true }).click();

    const orderId = await onSandboxCheckout(page);
    await page.getByRole('button', { name: 'Cancel and return' }).click();

    await expect(page).toHaveURL(/\/quick-programs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Programs' })).toBeVisible();
    expect(alerts).toEqual(['Payment cancelled.']);

    const order = (await allPayments()).filter((p) => p.paypalOrderId === orderId);
    expect(order).toHaveLength(1);
    expect(order[0]).toMatchObject({ status: 'CANCELLED', amount: course.price, user: { username: student.username, email: student.email } });
    expect(await paymentCheck(student.token, course._id)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: course.price });
  });
});

test.describe('checkout variant: modal with the PayPal buttons', () => {
  test('a student pays in the "Enroll for {title}" modal and /payment-success verifies one COMPLETED payment', async ({ page }) => {
    const course = await seededCourse('Python for Data Analysis');
    const student = await signedInStudent(page);
    await openPaymentPage(page, course);
    const modal = await openEnrollModal(page, course);
    await expect(modal.getByRole('button', { name: 'Close' })).toBeVisible();
    await modal.getByRole('button', { name: 'PayPal', exact: true }).click();

    await expect(sdkDialog(page)).toBeVisible();
    await expect(sdkDialog(page)).toContainText(`Payment for ${course.title}`);
    await sdkDialog(page).getByRole('button', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(/\/payment-success\?orderID=/);
    const orderId = new URL(page.url()).searchParams.get('orderID');
    await expect(page.getByRole('heading', { level: 1, name: SUCCESS_TITLE })).toBeVisible();
    await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
    await expect(successSummary(page)).toContainText('Due amountPaid in Full');

    const recorded = await paymentsFor(student.token, course.title);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: course.price, currency: 'USD', status: 'COMPLETED', paypalOrderId: orderId });
    expect((await paymentCheck(student.token, course._id)).hasPaid).toBe(true);

    // Verifying the same order again (a reload) answers with the same payment.
    await page.reload();
    await expect(successSummary(page)).toContainText('Due amountPaid in Full');
    expect((await paymentsFor(student.token, course.title)).map((p) => p._id)).toEqual([recorded[0]!._id]);
  });
});

test.describe('quick program page: ProgramPayment widget', () => {
  test('a student pays a quick program in full with the PayPal button and then sees the already-paid state', async ({ page }) => {
    const program = await seededQuickProgram('Phlebotomy Fast Track');
    const student = await signedInStudent(page);
    const alerts = recordDialogs(page);
    // On a phone the widget sits below the program: its module loads as it nears the viewport (decision 058), not
    // before the page is interactive, and its buttons work on their first click.
    await page.setViewportSize({ width: 390, height: 844 });
    const checkoutRequests: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/mf-checkout/')) checkoutRequests.push(request.url()); });
    await page.goto(`/quick-programs/${program._id}`);
    await expect(page.getByRole('heading', { level: 1, name: program.title })).toBeVisible();
    await expect(page.locator('[data-remote-slot^="mf_catalog/"]')).not.toHaveAttribute('inert');
    await page.waitForLoadState('networkidle');
    expect(checkoutRequests).toEqual([]);
    expect(await page.evaluate(() => 'mf_checkout' in window)).toBe(false);
    await page.getByText('Loading Payments...').scrollIntoViewIfNeeded();
    const panel = programPanel(page, program.title);
    // The provider button shows only once a choice is made.
    await expect(panel.getByRole('button', { name: `Pay Full (${dollars(program.price)})` })).toBeVisible();
    await expect(paypalButton(page)).toHaveCount(0);
    await panel.getByRole('button', { name: `Pay Full (${dollars(program.price)})` }).click();
    await panel.getByRole('button', { name: 'PayPal', exact: true }).click();

    await expect(sdkDialog(page)).toContainText(`Amount: ${dollarsWithCents(program.price)} USD`);
    await expect(sdkDialog(page)).toContainText(`Payment for ${program.title}`);
    await sdkDialog(page).getByRole('button', { name: 'Pay now' }).click();

    await expect.poll(() => alerts).toEqual([ENROLLED]);
    await expect(page.getByText(ALREADY_PAID, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Pay Full (${dollars(program.price)})` })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: program.title })).toBeVisible();
    await expect(page.getByText(ALREADY_PAID, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Pay Full (${dollars(program.price)})` })).toHaveCount(0);

    const recorded = await paymentsFor(student.token, program.title);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: program.price, currency: 'USD', status: 'COMPLETED' });
    expect(await paymentCheck(student.token, program._id)).toEqual({ hasPaid: true, amountPaid: program.price, dueAmount: 0 });
    expect(alerts).toEqual([ENROLLED]);
  });
});

test.describe('amounts outside the rules', () => {
  test('below $500 or above the price cannot be paid on the pages, and the server refuses both', async ({ page }) => {
    const course = await seededCourse('Clinical Medical Assistant');
    const program = await seededQuickProgram('IT Support Bootcamp');
    const student = await signedInStudent(page);
    const alerts = recordDialogs(page);
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/payment') starts.push(request.postData() ?? '');
    });

    // /payment/{id}: below 500 the partial button reads as disabled, and pressing it (or Enter) alerts the spec's
    // text instead of starting a payment.
    await openPaymentPage(page, course);
    const partial = page.getByRole('form', { name: 'Partial payment' });
    const partialAmount = partial.getByLabel('Partial amount (USD)');
    const payPartial = partial.getByRole('button', { name: 'Pay Partial' });
    await expect(payPartial).toBeEnabled();
    await partialAmount.fill('499');
    await expect(payPartial).toHaveAttribute('aria-disabled', 'true');
    await expect(partialAmount).toHaveAttribute('aria-invalid', 'true');
    // Playwright waits for an aria-disabled button to become enabled; a person can press it, so force the click.
    await payPartial.click({ force: true });
    await partialAmount.press('Enter');
    await expect.poll(() => alerts.length).toBe(2);
    for (const message of alerts) expect(message).toBe('Partial payment must be at least $500');
    await expect(page.getByText('Minimum partial payment: $500', { exact: true })).toBeVisible();
    await partialAmount.fill('500');
    await expect(payPartial).toHaveAttribute('aria-disabled', 'false');
    expect(starts).toEqual([]);

    // The program panel: no PayPal button for an amount out of range.
    await page.goto(`/quick-programs/${program._id}`);
    const panel = programPanel(page, program.title);
    await panel.getByRole('button', { name: 'Pay Partial (Min $500)' }).click();
    const amount = panel.getByLabel('Amount to pay now (USD)');
    await expect(amount).toHaveValue(String(program.price));
    await expect(paypalButton(page)).toBeVisible();
    await amount.fill(String(program.price + 1));
    await expect(panel.getByText(`Amount cannot exceed program price (${dollars(program.price)})`, { exact: true })).toBeVisible();
    await expect(paypalButton(page)).toHaveCount(0);
    await amount.fill('499');
    await expect(panel.getByText('Minimum amount is $500', { exact: true })).toBeVisible();
    await expect(paypalButton(page)).toHaveCount(0);
    await amount.fill('600');
    await expect(paypalButton(page)).toBeVisible();

    // The server applies the same rules whatever a browser sends.
    for (const target of [course, program]) {
      const low = await createOrder(student.token, target._id, 499);
      expect(low.status, `499 for ${target.title}`).toBe(400);
      expect(low.body.message).toContain('Partial payment must be at least $500');
      const high = await createOrder(student.token, target._id, target.price + 1);
      expect(high.status, `price + 1 for ${target.title}`).toBe(400);
      expect(high.body.message).toContain(`Amount cannot exceed program price (${dollars(target.price)})`);
    }
    const redirectStart = await apiAs<{ message?: string }>(student.token, 'POST', '/payment', { amount: 499, courseId: course._id });
    expect(redirectStart.status).toBe(400);
    expect(redirectStart.body.message).toContain('Partial payment must be at least $500');
    expect(await myPayments(student.token)).toEqual([]);
  });
});
