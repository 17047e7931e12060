import { expect, type Browser, type Page } from '@playwright/test';
import { listBlogs, listCourses, listGallery } from './api';
import { dollars } from './format';
import { HOME, homeOutline } from './home';
import { scrollThroughPage } from './page-checks';
import { openEnrollModal } from './payments';
import { ADMIN, newStudent, signIn } from './stack';

/** A remote that failed to load shows its fallback in its place; none may show in these journeys. */
const expectNoFallback = (page: Page) => expect(page.getByTestId('remote-fallback')).toHaveCount(0);

/** Home: every section in order (spec section 2), with the catalog's and content's widgets filled. */
export async function homeJourney(page: Page) {
  const [courses, blogs] = await Promise.all([listCourses(), listBlogs()]);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explore Courses' })).toBeVisible();
  await scrollThroughPage(page);
  await expect(homeOutline(page)).toHaveText(Object.values(HOME));
  await expectNoFallback(page);
  await expect(page.getByRole('region', { name: HOME.popular }).getByRole('button', { name: 'View Programs' })).toHaveCount(Math.min(4, courses.length));
  await expect(page.getByRole('region', { name: HOME.blog }).getByRole('link', { name: 'Read More' })).toHaveCount(Math.min(3, blogs.length));
}

/**
 * A student: /courses, a course's detail, "Enroll Now" into /payment/{id}, the PayPal checkout variant, and its
 * "Enroll for {title}" modal opened and closed (catalog into checkout, two remotes in one journey).
 */
export async function courseToCheckoutJourney(page: Page) {
  const courses = await listCourses();
  const course = courses.find((c) => c.price > 500) ?? courses[0]!;
  const student = await newStudent();
  await signIn(page, student.email, student.password);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Courses' });
  await expect(list.getByRole('listitem')).toHaveCount(courses.length);
  const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: course.title, exact: true }) });
  await card.getByRole('button', { name: 'View Programs' }).click();

  await expect(page).toHaveURL(new RegExp(`/courses/${course._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Course details' })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll Now' }).click();

  await expect(page).toHaveURL(new RegExp(`/payment/${course._id}$`));
  await expect(page.getByRole('button', { name: `Pay Full ${dollars(course.price)}`, exact: true })).toBeVisible();
  await expect(page.getByText('Minimum partial payment: $500', { exact: true })).toBeVisible();
  const modal = await openEnrollModal(page, course);
  await expect(modal.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await expectNoFallback(page);
}

/** A visitor: /blog with a card per post, /gallery with an image per upload. */
export async function contentJourney(page: Page) {
  const [blogs, images] = await Promise.all([listBlogs(), listGallery()]);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(blogs.length);
  await expect(page.getByRole('link', { name: 'Read More' })).toHaveCount(blogs.length);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem')).toHaveCount(images.length);
  await expectNoFallback(page);
}

/** The admin, in a browser context of their own: the dashboard, the sidebar, and the users table searched. */
export async function adminJourney(browser: Browser, baseURL: string, watch: (page: Page) => void) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    watch(page);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    const sidebar = page.getByRole('navigation', { name: 'Admin Panel' });
    await expect(sidebar).toBeVisible();
    for (const name of ['Users', 'Add Courses', 'Quick Programs', 'Gallery', 'Blog', 'Payment']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: 'How the institute is doing' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Users', exact: true }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Username' })).toBeVisible();
    // The list is paged newest first, so the admin is found through the search, as an admin would on a busy site.
    const search = page.getByRole('search', { name: 'Search users' });
    await search.getByLabel('Username or email').fill(ADMIN.email);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('row').filter({ hasText: ADMIN.email })).toHaveCount(1);
    await expectNoFallback(page);
  } finally {
    await context.close();
  }
}
