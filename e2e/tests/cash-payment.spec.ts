import { expect, test } from '@playwright/test';
import { createCourse, deleteCourse } from '../support/api';
import { dollars } from '../support/format';
import { paymentCheck, payThroughApi, signedInStudent } from '../support/payments';
import { ADMIN, signInByStorage } from '../support/stack';

/**
 * Issue 30: money taken at the front desk. The admin records a cash payment for a student with a balance; the
 * student's My learning and numbered receipt (method Cash) follow; the admin voids it with a reason and the balance
 * comes back, on both sides.
 */
test('the admin records a cash payment and voids it; the student\'s balance and receipt follow', async ({ page, browser }) => {
  const course = await createCourse({ price: 1500 });
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const student = await signedInStudent(page);
    await payThroughApi(student.token, course._id, 500);

    const admin = await adminContext.newPage();
    await signInByStorage(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/payment');
    await admin.getByLabel('Search by user or program').fill(student.username);
    const row = admin.getByRole('table', { name: 'Payments' }).getByRole('row', { name: new RegExp(student.username) });
    await row.getByRole('button', { name: `Balance of ${student.username} for ${course.title}` }).click();
    const ledger = admin.getByRole('region', { name: `Balance of ${student.username}` });
    const balance = ledger.getByLabel(`Balance of ${course.title}`);
    await expect(balance).toContainText(`Balance due${dollars(1000)}`);

    // Record $400 in cash; the dialog is modal and names what it records.
    await ledger.getByRole('button', { name: 'Record payment' }).click();
    const dialog = admin.getByRole('dialog', { name: `Record payment: ${course.title}` });
    await expect(dialog.getByLabel('Balance before this payment')).toContainText(`Balance due${dollars(1000)}`);
    await dialog.getByLabel('Amount (USD)').fill('400');
    await dialog.getByLabel('Reference (check number, transfer id; optional)').fill('Front desk 7');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(ledger.getByRole('status')).toHaveText(/^Recorded \$400 \(receipt \d{4}-\d{6}\)\.$/);
    await expect(balance).toContainText(`Balance due${dollars(600)}`);
    const receiptNumber = /receipt (\d{4}-\d{6})/.exec(await ledger.getByRole('status').innerText())![1]!;

    // The student's side: My learning and the numbered receipt, paid in cash.
    expect(await paymentCheck(student.token, course._id)).toMatchObject({ amountPaid: 900, dueAmount: 600 });
    await page.goto('/profile');
    const learning = page.getByRole('article', { name: course.title });
    await expect(learning).toContainText(`Paid ${dollars(900)} of ${dollars(1500)}.`);
    await expect(learning).toContainText(`Remaining: ${dollars(600)}`);
    await learning.getByRole('link', { name: `Receipt ${receiptNumber}` }).click();
    const sheet = page.getByRole('article', { name: `Receipt ${receiptNumber}` });
    await expect(sheet).toContainText('Paid byCash');
    await expect(sheet).toContainText('ReferenceFront desk 7');
    await expect(sheet).toContainText(`Amount paid${dollars(400)}`);

    // Voided with a reason: it stays on record, and the balance comes back.
    await ledger.getByRole('button', { name: `Void Cash ${dollars(400)}, receipt ${receiptNumber}` }).click();
    const voiding = admin.getByRole('dialog', { name: 'Void payment' });
    await voiding.getByRole('button', { name: 'Void' }).click();
    await expect(voiding.getByText('Enter the reason for voiding it.')).toBeVisible();
    await voiding.getByLabel('Reason').fill('Recorded for the wrong student');
    await voiding.getByRole('button', { name: 'Void' }).click();
    await expect(voiding).toBeHidden();
    await expect(balance).toContainText(`Balance due${dollars(1000)}`);
    await expect(ledger).toContainText('Voided: Recorded for the wrong student');

    await page.reload();
    await expect(sheet).toContainText('StatusVOIDED');
    await expect(sheet).toContainText('Recorded for the wrong student');
    await page.goto('/profile');
    await expect(learning).toContainText(`Remaining: ${dollars(1000)}`);
  } finally {
    await adminContext.close();
    await deleteCourse(course._id);
  }
});
