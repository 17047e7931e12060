import { expect, test } from '@playwright/test';
import type { ClassSession } from '@institute/shared/contract';
import { adminToken, createCourse, deleteCourse } from '../support/api';
import { apiAs, payThroughApi, signedInStudent } from '../support/payments';
import { ADMIN, signInByStorage } from '../support/stack';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 31 in one visit each: the student gives a legal name, the admin completes the enrollment from the student's
 * page, the student opens the printable certificate from My learning, and a visitor checks its public page (and an
 * unknown code is a 404 from the site server).
 */
test('a completed enrollment issues a certificate in the legal name, printable for the student and verifiable by anyone', async ({ page, browser }) => {
  const course = await createCourse({ price: 900 });
  const admin = await adminToken();
  const adminContext = await browser.newContext();
  try {
    const made = await apiAs<ClassSession>(admin, 'POST', '/api/sessions', {
      courseId: course._id, startsOn: day(30), endsOn: day(60), enrollmentDeadline: day(25), schedule: 'Sat 9-12', mode: 'online', seats: 10,
    });
    expect(made.status).toBe(201);
    const student = await signedInStudent(page);
    const agreement = (await apiAs<{ version: number } | null>(admin, 'GET', '/api/agreement')).body;
    if (agreement) expect((await apiAs(student.token, 'POST', '/api/agreement/accept', { version: agreement.version })).status).toBe(200);
    await payThroughApi(student.token, course._id, 900);

    // The student's legal name and phone, as the server normalised them.
    await page.goto('/profile');
    const contact = page.getByRole('region', { name: 'Contact details' });
    await contact.getByLabel('Phone').fill('call me');
    await contact.getByRole('button', { name: 'Save contact details' }).click();
    await expect(contact.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await contact.getByLabel('Legal name').fill('  Maya   Kovač ');
    await contact.getByLabel('Phone').fill('(212) 555-0182');
    await contact.getByRole('button', { name: 'Save contact details' }).click();
    await expect(contact.getByRole('status')).toHaveText('Your contact details were saved.');
    await expect(contact.getByLabel('Phone')).toHaveValue('+12125550182');
    await expect(contact.getByLabel('Legal name')).toHaveValue('Maya Kovač');

    // The admin opens the student's page from Users and marks the enrollment completed.
    const adminPage = await adminContext.newPage();
    await signInByStorage(adminPage, ADMIN.email, ADMIN.password);
    await adminPage.goto('/admin?section=users');
    await adminPage.getByRole('search', { name: 'Search users' }).getByLabel('Username or email').fill(student.username);
    await adminPage.getByRole('search', { name: 'Search users' }).getByLabel('Username or email').press('Enter');
    await adminPage.getByRole('link', { name: `Open the record of ${student.username}` }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Student' })).toBeVisible();
    await expect(adminPage.getByRole('heading', { level: 2, name: 'Maya Kovač' })).toBeVisible();
    await expect(adminPage.getByRole('region', { name: 'Contact details' })).toContainText('+12125550182');
    const enrollments = adminPage.getByRole('region', { name: 'Enrollments' });
    await enrollments.getByRole('button', { name: `Mark ${course.title} completed` }).click();
    await expect(enrollments.getByRole('status')).toContainText(/Marked completed: certificate C\d{4}-\d{6}\./);
    const number = (await enrollments.getByRole('status').textContent())!.match(/C\d{4}-\d{6}/)![0];
    await expect(adminPage.getByRole('region', { name: 'Certificates' })).toContainText(`Certificate ${number}`);

    // The student opens it from My learning: printable, on paper without the site around it.
    await page.goto('/profile');
    await page.getByRole('link', { name: `Certificate for ${course.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible();
    await expect(page.getByText('Maya Kovač', { exact: true })).toBeVisible();
    await expect(page.getByText(course.title, { exact: true })).toBeVisible();
    await expect(page.getByText(`Certificate ${number}`)).toBeVisible();
    const verifyUrl = new URL(String(await page.getByRole('link', { name: /\/certificates\// }).getAttribute('href')));
    const siteHeader = page.locator('#root header').first();
    const siteFooter = page.locator('#root footer').first();
    await expect(siteHeader).toBeVisible();
    await expect(siteFooter).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(siteHeader).toBeHidden();
    await expect(siteFooter).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print certificate' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible();
    // Saved as PDF on Letter paper, as the page's print CSS lays it out: one landscape page.
    const pdf = (await page.pdf({ format: 'Letter', preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?![a-z])/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });

    // Anyone holding the code: the site server renders the check, and a code nobody holds is a 404.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const first = await visitorPage.request.get(verifyUrl.pathname);
    expect(first.status()).toBe(200);
    expect(await first.text()).toContain('Maya Kovač');
    await visitorPage.goto(verifyUrl.pathname);
    await expect(visitorPage.getByRole('heading', { level: 2, name: 'Valid' })).toBeVisible();
    await expect(visitorPage.getByRole('article')).toContainText(course.title);
    await expect(visitorPage).toHaveTitle(/^Certificate verification \| /);
    const unknown = await visitorPage.goto('/certificates/NOT-A-REAL-CODE');
    expect(unknown?.status()).toBe(404);
    await expect(visitorPage.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();

    // Revoked by the admin with a reason: the public page says so at once.
    await adminPage.getByRole('button', { name: `Revoke certificate ${number}` }).click();
    await adminPage.getByLabel('Reason for revoking').fill('Issued in error during the journey');
    await adminPage.getByRole('button', { name: 'Revoke certificate', exact: true }).click();
    await expect(adminPage.getByRole('region', { name: 'Certificates' })).toContainText('Revoked');
    await visitorPage.goto(verifyUrl.pathname);
    await expect(visitorPage.getByRole('heading', { level: 2, name: 'Revoked' })).toBeVisible();
    await expect(visitorPage.getByText('Issued in error')).toHaveCount(0);
    await visitor.close();
  } finally {
    await adminContext.close();
    await deleteCourse(course._id);
  }
});
