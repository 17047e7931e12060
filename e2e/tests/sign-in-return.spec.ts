import { expect, test, type Page } from '@playwright/test';
import { listCourses, listQuickPrograms } from '../support/api';
import { dollars } from '../support/format';
import { newStudent } from '../support/stack';

// Issue 26, as a visitor on a phone: a page sent to sign in says why, opens at its top, and signing in returns to
// where the visitor was going; Back returns to the list where it was scrolled.
test.use({ viewport: { width: 375, height: 667 } });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function signInHere(page: Page) {
  const student = await newStudent();
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The login page as a sending page leaves it: at its top, the form on screen, saying why. */
async function expectLoginSaying(page: Page, reason: string) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInViewport();
  await expect(page.getByText(reason, { exact: true })).toBeInViewport();
  await expect(page.getByLabel('Email')).toBeInViewport();
  expect(await scrollY(page)).toBe(0);
}

test('"View Programs" at the bottom of /courses: login at its top says why, sign-in opens the course, Back returns to the scrolled list', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  const courses = await listCourses();
  const last = courses[courses.length - 1]!;
  // As on a slow phone, the list page's code arrives after the visitor has scrolled the server's HTML of the list
  // (the page hydrates once it is there): where they scrolled to is still where Back returns.
  let releaseListCode!: () => void;
  const listCode = new Promise<void>((resolve) => { releaseListCode = resolve; });
  await page.route(/\/__federation_expose_CoursesPage\.[^/]*\.js$/, async (route) => {
    await listCode;
    await route.continue();
  });
  await page.goto('/courses', { waitUntil: 'domcontentloaded' });
  const card = page.getByRole('list', { name: 'Courses' }).getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: last.title, exact: true }) });
  const button = card.getByRole('button', { name: 'View Programs' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  const serverList = page.locator('[data-remote-slot="mf_catalog/CoursesPage"][inert]');
  await expect(serverList, 'the list is still the server\'s HTML, its code held back').toHaveCount(1);
  releaseListCode();
  await expect(serverList).toHaveCount(0);
  // Where the list settled once its styles and images were in (the browser keeps the card in view as they load).
  await expect(button).toBeInViewport();
  const listScroll = await scrollY(page);
  expect(listScroll, 'the last card is far down the list on a phone').toBeGreaterThan(600);

  await button.click();
  await expectLoginSaying(page, 'Sign in to see the programs of this course.');

  await signInHere(page);
  await expect(page).toHaveURL(new RegExp(`/courses/${last._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeInViewport();
  expect(await scrollY(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Enroll Now' })).toBeVisible();

  // The login form was replaced by the course: one Back is the list, where the visitor left it.
  await page.goBack();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(button).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(listScroll - 80);
  expect(await scrollY(page)).toBeLessThan(listScroll + 80);
  expect(errors, 'no console errors (hydration mismatches included)').toEqual([]);
});

test('"Sign in to Enroll" returns to the course, now offering "Enroll Now"', async ({ page }) => {
  const course = (await listCourses())[0]!;
  await page.goto(`/courses/${course._id}`);
  await page.getByRole('button', { name: 'Sign in to Enroll' }).click();
  await expectLoginSaying(page, 'Sign in to enroll in this course.');
  await signInHere(page);
  await expect(page).toHaveURL(new RegExp(`/courses/${course._id}$`));
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  // The payment page reads the course from the navigation state the course page gives it.
  await expect(page).toHaveURL(new RegExp(`/payment/${course._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
});

test('paying for a quick program signed out returns to the program after sign-in', async ({ page }) => {
  const program = (await listQuickPrograms())[0]!;
  await page.goto(`/quick-programs/${program._id}`);
  // On a phone the checkout widget sits below the program and loads as the visitor scrolls near it (decision 058).
  await page.getByText('Loading Payments...').scrollIntoViewIfNeeded();
  const payFull = page.getByRole('button', { name: `Pay Full (${dollars(program.price)})` });
  await payFull.scrollIntoViewIfNeeded();
  await payFull.click();
  await expectLoginSaying(page, 'Sign in to pay for this program.');
  await signInHere(page);
  await expect(page).toHaveURL(new RegExp(`/quick-programs/${program._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: program.title })).toBeVisible();
});

test('a signed-in page sends a visitor to sign in and back to it', async ({ page }) => {
  await page.goto('/profile');
  await expectLoginSaying(page, 'Sign in to open this page.');
  await signInHere(page);
  await expect(page).toHaveURL(/\/profile$/);
});

test('a return target of another site is not followed', async ({ page }) => {
  await page.goto('/');
  // What a page could leave in the login page's navigation state; only same-site paths are returned to.
  await page.evaluate(() => {
    window.history.pushState({ usr: { from: { pathname: '//evil.example/x' }, reason: 'page' }, key: 'crafted', idx: 1 }, '', '/login');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  await signInHere(page);
  await page.waitForURL((url) => url.pathname === '/');
  expect(new URL(page.url()).hostname).toBe('localhost');
});
