import { expect, test, type Page } from '@playwright/test';
import { ADMIN, newStudent, signInByStorage } from '../support/stack';

const chart = (page: Page, title: RegExp) => page.getByRole('figure', { name: title });

/** Monday of this week (UTC), as the dashboard names weeks. */
function thisWeek(): string {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}

test.describe('the admin dashboard', () => {
  test('shows the figures of the last twelve months as charts with their tables, and says so for an empty range', async ({ page }) => {
    await newStudent();
    await signInByStorage(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'How the institute is doing' })).toBeVisible();

    const students = chart(page, /^New students per week/);
    await expect(students.getByRole('img')).toHaveAccessibleName(/^New students per week: highest \d+/);
    const week = students.getByRole('row', { name: new RegExp(`Week of ${thisWeek()}`) });
    await expect(week.getByRole('cell')).not.toHaveText('0');
    const months = chart(page, /^Revenue per month/).getByRole('row');
    await expect(months).toHaveCount(13);
    await expect(page.getByRole('term').filter({ hasText: 'New students' })).toBeVisible();

    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-12-31');
    await page.getByRole('button', { name: 'Show' }).click();
    for (const empty of ['No revenue in this range.', 'No payments in this range.', 'No enrollments in this range.', 'No new students in this range.']) {
      await expect(page.getByText(empty)).toBeVisible();
    }
    await expect(page.getByRole('figure').getByRole('img')).toHaveCount(0);
    await expect(page.getByRole('definition').first()).toHaveText('$0');
  });
});
