import { expect, test } from '@playwright/test';
import { dollars, ddmmyyyy } from '../support/format';
import { hexToRgb, paymentsFor, payThroughApi, recordDialogs, sdkDialog, seededQuickProgram, signedInStudent } from '../support/payments';
import { ADMIN, signIn } from '../support/stack';

test('a student\'s payments show in the admin /payment table and on the student\'s /profile', async ({ page, browser }) => {
  const partialProgram = await seededQuickProgram('IT Support Bootcamp');
  const fullProgram = await seededQuickProgram('Excel for Business');
  const student = await signedInStudent(page);
  const alerts = recordDialogs(page);

  // A partial payment of $600 through the program page, as the student makes it.
  await page.goto(`/quick-programs/${partialProgram._id}`);
  const panel = page.getByRole('region', { name: `Pay for ${partialProgram.title}` });
  await panel.getByRole('button', { name: 'Pay Partial (Min $500)' }).click();
  await panel.getByLabel('Amount to pay now (USD)').fill('600');
  await panel.getByRole('button', { name: 'PayPal', exact: true }).click();
  await sdkDialog(page).getByRole('button', { name: 'Pay now' }).click();
  await expect.poll(() => alerts).toEqual(['Payment successful! You are now enrolled.']);
  const [partial] = await paymentsFor(student.token, partialProgram.title);
  expect(partial).toMatchObject({ amount: 600, status: 'COMPLETED' });
  // A full payment of a second program; how it was paid is covered by the checkout journeys.
  const full = await payThroughApi(student.token, fullProgram._id, fullProgram.price);
  expect(full).toMatchObject({ amount: fullProgram.price, status: 'COMPLETED' });

  // The student's own list.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const mine = page.getByRole('region', { name: 'My Payments' }).getByRole('table');
  const myRow = (title: string) => mine.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  await expect(mine.getByRole('row')).toHaveCount(3);
  await expect(myRow(partialProgram.title).getByRole('cell')).toHaveText(['$600', dollars(partialProgram.price - 600), 'COMPLETED', ddmmyyyy(partial!.createdAt)]);
  await expect(myRow(fullProgram.title).getByRole('cell')).toHaveText([dollars(fullProgram.price), 'Paid in Full', 'COMPLETED', ddmmyyyy(full.createdAt)]);

  // The admin's table, in a separate browser session.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/payment');
    await expect(admin.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const table = admin.getByRole('table', { name: 'Payments' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Payment ID', 'User', 'Program', 'Amount Paid', 'Due Amount', 'Currency', 'PayPal Order ID', 'Status', 'Created At',
    ]);
    // Rows are found by PayPal order id; the table shows a payment id's first 8 characters (the full one in its tooltip).
    const row = (orderId: string) => table.getByRole('row').filter({ has: admin.getByRole('cell', { name: orderId, exact: true }) });
    const shortId = (id: string) => `${id.slice(0, 8)}…`;
    const user = `${student.username}${student.email}`;
    await expect(row(partial!.paypalOrderId!).getByRole('cell').first().getByTitle(partial!._id)).toBeVisible();
    // The program cell also holds the student's ledger for that course (issue 30): its Balance button.
    await expect(row(partial!.paypalOrderId!).getByRole('cell')).toHaveText([
      shortId(partial!._id), user, `${partialProgram.title}${dollars(partialProgram.price)}Balance`, '$600', dollars(partialProgram.price - 600), 'USD',
      // A settled payment's status cell also holds its Refund button (issue 18).
      partial!.paypalOrderId!, 'COMPLETEDRefund', ddmmyyyy(partial!.createdAt),
    ]);
    await expect(row(full.paypalOrderId!).getByRole('cell')).toHaveText([
      shortId(full._id), user, `${fullProgram.title}${dollars(fullProgram.price)}Balance`, dollars(fullProgram.price), 'Paid in Full', 'USD',
      full.paypalOrderId!, 'COMPLETEDRefund', ddmmyyyy(full.createdAt),
    ]);
    // Spec section 4: COMPLETED is shown in green (the design token for success).
    const success = await admin.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-success'));
    await expect(row(partial!.paypalOrderId!).getByText('COMPLETED', { exact: true })).toHaveCSS('color', hexToRgb(success));
  } finally {
    await adminContext.close();
  }
});
