import { expect, test } from '@playwright/test';
import type { Coupon } from '@institute/shared/contract';
import { adminToken, createCourse, deleteCourse } from '../support/api';
import { dollars } from '../support/format';
import { apiAs, onSandboxCheckout, openPaymentPage, paymentCheck, paymentsFor, signedInStudent } from '../support/payments';

/** Issue 30: a coupon at checkout, from a refused code to the discounted price paid at PayPal. */
test('a student applies a coupon at checkout and pays the discounted price; the coupon counts one use', async ({ page }) => {
  const course = await createCourse({ price: 1500 });
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const admin = await adminToken();
  const created = await apiAs<Coupon>(admin, 'POST', '/api/coupons', {
    code, description: 'End-to-end coupon', kind: 'percent', percentOff: 20, allPrograms: false, programIds: [course._id], maxRedemptions: 5, maxPerStudent: 1,
  });
  expect(created.status).toBe(201);
  try {
    const student = await signedInStudent(page);
    await openPaymentPage(page, course);
    await expect(page.getByRole('button', { name: `Pay Full ${dollars(1500)}`, exact: true })).toBeVisible();

    // A wrong code: the server's sentence beside the field, the price unchanged.
    const field = page.getByLabel('Coupon code');
    await field.fill('NOT-A-REAL-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('This coupon code is not valid. Check the code and try again.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    const prices = page.getByLabel('Price with coupon');
    await expect(prices).toContainText(`Coupon ${code}`);
    await expect(prices).toContainText(`−${dollars(300)}`);
    await expect(prices).toContainText(`Left to pay${dollars(1200)}`);
    await page.getByRole('button', { name: `Pay Full ${dollars(1200)}`, exact: true }).click();

    await onSandboxCheckout(page);
    await expect(page.getByTestId('amount')).toHaveText('$1,200.00 USD');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByLabel('Payment summary')).toContainText(`Amount paid${dollars(1200)}`);

    expect(await paymentCheck(student.token, course._id)).toEqual({ hasPaid: true, amountPaid: 1200, dueAmount: 0, coupon: { code, discount: 300, confirmed: true } });
    expect((await paymentsFor(student.token, course.title)).map((p) => [p.amount, p.status])).toEqual([[1200, 'COMPLETED']]);
    const listed = await apiAs<{ items: Coupon[] }>(admin, 'GET', `/api/coupons?q=${code}`);
    expect(listed.body.items[0]).toMatchObject({ code, used: 1 });
  } finally {
    await deleteCourse(course._id);
  }
});
