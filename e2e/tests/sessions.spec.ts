import { expect, test, type Page } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, newStudent, signIn } from '../support/stack';

/** Issue 15, item 4: a session ends on the server, so a copied token stops working too. */
const mine = (token: string) => fetch(`${API_URL}/api/payments/mine`, { headers: { Authorization: `Bearer ${token}` } });
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('Logout ends the session on the server: a copy of the token is refused afterwards', async ({ page }) => {
  const student = await newStudent();
  await signIn(page, student.email, student.password);
  const copied = (await storedToken(page))!;
  expect((await mine(copied)).status).toBe(200);

  await page.getByRole('button', { name: student.username, exact: true }).click();
  const told = page.waitForResponse((r) => r.url().endsWith('/auth/logout') && r.request().method() === 'POST');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  expect((await told).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  const refused = await mine(copied);
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ error: 'Unauthorized', message: 'Your session has ended. Please sign in again.' });
});

test('an admin signs a student out on every device from the Users section', async ({ page }) => {
  const student = await newStudent();
  const elsewhere = await apiLogin(student.email, student.password);
  expect((await mine(elsewhere.token)).status).toBe(200);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?section=users');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Sign out ${student.username} everywhere` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'signed out on every device' })).toHaveText(`${student.username} is signed out on every device.`);
  expect(asked).toEqual([`Sign ${student.username} out on every device? They will have to sign in again.`]);

  expect((await mine(elsewhere.token)).status).toBe(401);
  // Signing in again works: only the old sessions ended.
  expect((await mine((await apiLogin(student.email, student.password)).token)).status).toBe(200);
});
