import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { payThroughApi, seededQuickProgram, signedInStudent } from '../support/payments';
import { ADMIN, apiLogin, signIn } from '../support/stack';

/**
 * Issue 31 (decision 048): a student downloads their data, asks for erasure; the admin approves; the student can no
 * longer sign in, and the payment keeps its receipt under the erased name.
 */
test('a student exports their data and is erased on the admin\'s approval; the receipt stays with the replaced name', async ({ page, browser }) => {
  const program = await seededQuickProgram('IT Support Bootcamp');
  const student = await signedInStudent(page);
  const payment = await payThroughApi(student.token, program._id, program.price);
  expect(payment.receiptNumber).toMatch(/^\d{4}-\d{6}$/);

  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  const [json] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('button', { name: 'Download my data (JSON)' }).click()]);
  expect(json.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(data.account).toMatchObject({ email: student.email, username: student.username });
  expect(data.sections.receipts).toEqual([expect.objectContaining({ number: payment.receiptNumber, amount: program.price })]);
  const [csv] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('button', { name: 'Download my data (CSV)' }).click()]);
  const lines = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('"section","row","field","value"');
  expect(lines).toContain(`"account","1","email","${student.email}"`);
  expect(lines).toContain(`"receipts","1","number","${payment.receiptNumber}"`);

  await yourData.getByRole('button', { name: 'Ask to erase my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase my data?' });
  await expect(dialog).toContainText('Payment records and receipts are kept as the law requires');
  await dialog.getByLabel('Your password').fill(student.password);
  await dialog.getByRole('button', { name: 'Ask to erase my data' }).click();
  await expect(yourData.getByRole('status')).toHaveText('Your request was sent. The institute will answer by email.');

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin?section=users');
    const requests = admin.getByRole('table', { name: 'Erasure requests' });
    const row = requests.getByRole('row').filter({ hasText: student.email });
    await expect(row).toContainText('Waiting');
    admin.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: `Approve and erase ${student.username}` }).click();
    const status = admin.getByRole('status').filter({ hasText: 'The data was erased.' });
    await expect(status).toContainText(/"Erased student #\d+"/);
    const erasedName = /"(Erased student #\d+)"/.exec((await status.textContent()) ?? '')![1]!;

    // Sign-in is over: the old password, and the session the student still had open.
    await expect(apiLogin(student.email, student.password)).rejects.toThrow(/401/);
    // The open profile finds its session ended: the student is signed out and sent to sign in, told why.
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has ended. Sign in again to continue.', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your data' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The money stays: the payments list and the receipt show the same number and amount under the erased name.
    await admin.goto('/payment');
    const paymentRow = admin.getByRole('table', { name: 'Payments' }).getByRole('row')
      .filter({ has: admin.getByRole('cell', { name: payment.paypalOrderId!, exact: true }) });
    await expect(paymentRow).toContainText(erasedName);
    await expect(paymentRow).not.toContainText(student.email);
    await admin.goto(`/receipts/${payment._id}`);
    const sheet = admin.getByRole('article', { name: `Receipt ${payment.receiptNumber}` });
    await expect(sheet).toContainText(erasedName);
    await expect(sheet).not.toContainText(student.username);
  } finally {
    await adminContext.close();
  }
});
