import { expect, test, type Page } from '@playwright/test';
import type { ClassSession, CourseCard } from '@institute/shared/contract';
import { adminToken, getJson, listBlogs, listCourses, listQuickPrograms } from '../support/api';
import { apiAs } from '../support/payments';
import { HOME, homeOutline } from '../support/home';
import { expectPageBasics, instituteName, scrollThroughPage, shellTitle } from '../support/page-checks';
import { sessionUsername, tabUntilFocused } from '../support/keyboard';
import { ADMIN, newStudent, readRegistry, signIn, writeRegistry } from '../support/stack';

const NAV = ['Home', 'About', 'Courses', 'Quick Programs', 'Appointment', 'Blog', 'Gallery', 'Contact'];
async function expectHomeChrome(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Contact shortcuts' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** A price and a calendar day as the cards show them (`$2,400`, `Mar 2, 2027`), written out here independently. */
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
const calendarDay = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const POPULAR_SLOT = '[data-remote-slot="mf_catalog/PopularCourses"]';
/** The Popular Courses cards of `/`'s first HTML, as the site server sends it (no script run). */
async function popularInFirstHtml(page: Page): Promise<string> {
  const html = await (await page.request.get('/')).text();
  const start = html.indexOf(POPULAR_SLOT.slice(1, -1));
  expect(start, 'the section\'s slot is in the first HTML').toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
}

test.describe('home', () => {
  test('Popular Courses is in the first HTML with prices and current start dates, and hydrates in place', async ({ page }) => {
    // Issue 33, decision 060: rendered per request, so an admin's new session is on the next first HTML.
    const { items: popular } = await getJson<{ items: CourseCard[] }>('/api/courses?fields=card&sort=featured&limit=4');
    const first = popular[0]!;
    const before = await popularInFirstHtml(page);
    for (const course of popular) expect(before).toContain(money(course.price));
    expect(before).toContain(first.title);
    if (first.nextSession) expect(before).toContain(calendarDay(first.nextSession.startsOn));
    const earlier = dayFromNow(1);
    const admin = await adminToken();
    const made = await apiAs<ClassSession>(admin, 'POST', '/api/sessions', {
      courseId: first._id, startsOn: earlier, endsOn: dayFromNow(40), enrollmentDeadline: earlier, schedule: 'Mon 9-12', mode: 'online', seats: 20,
    });
    expect(made.status).toBe(201);
    try {
      expect(await popularInFirstHtml(page)).toContain(`<dt>Next start</dt><dd>${calendarDay(earlier)}</dd>`);
    } finally {
      expect((await apiAs(admin, 'POST', `/api/sessions/${made.body.id}/cancel`)).status).toBe(200);
    }
    expect(await popularInFirstHtml(page)).not.toContain(calendarDay(earlier));

    // In the browser the server's cards stay until the section nears the viewport, then hydrate: the same elements,
    // now working, with no warning and no second read of the courses.
    const messages: string[] = [];
    page.on('console', (message) => { if (['error', 'warning'].includes(message.type())) messages.push(message.text()); });
    page.on('pageerror', (error) => messages.push(error.message));
    const reads: string[] = [];
    page.on('request', (request) => { if (request.url().includes('sort=featured')) reads.push(request.url()); });
    await page.addInitScript((slot) => document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { serverCards: [...document.querySelectorAll(`${slot} li`)] });
    }), POPULAR_SLOT);
    await page.goto('/');
    // Inert, hence out of the accessibility tree, until its code has hydrated it.
    await expect(page.locator(POPULAR_SLOT)).toHaveAttribute('inert', '');
    await page.locator(`${POPULAR_SLOT} section`).scrollIntoViewIfNeeded();
    await expect(page.locator(`${POPULAR_SLOT}:not([inert])`)).toBeAttached();
    const kept = await page.evaluate((slot) => {
      const server = (window as unknown as { serverCards: Element[] }).serverCards;
      return { server: server.length, connected: server.filter((el) => el.isConnected).length, now: document.querySelectorAll(`${slot} li`).length };
    }, POPULAR_SLOT);
    expect(kept).toEqual({ server: popular.length, connected: popular.length, now: popular.length });
    const section = page.getByRole('region', { name: HOME.popular });
    await expect(section.getByText(money(first.price)).first()).toBeVisible();
    await section.getByRole('button', { name: 'View Programs' }).first().click();
    await expect(page).toHaveURL(/\/login/);
    expect(messages, 'no console errors or warnings (hydration mismatches included)').toEqual([]);
    expect(reads, 'the cards come from the page, not a second read').toEqual([]);
  });


  test('renders its sections in order with the catalog and content widgets', async ({ page }) => {
    const [courses, blogs] = await Promise.all([listCourses(), listBlogs()]);
    await page.goto('/');
    await expectPageBasics(page, shellTitle('Home'));
    await expect(page.getByRole('link', { name: 'Explore Courses' })).toBeVisible();
    await scrollThroughPage(page);
    await expect(homeOutline(page)).toHaveText(Object.values(HOME));
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    await expectHomeChrome(page);

    const popular = page.getByRole('region', { name: HOME.popular });
    await expect(popular.getByRole('button', { name: 'View Programs' })).toHaveCount(Math.min(4, courses.length));
    const highlights = page.getByRole('region', { name: HOME.blog });
    await expect(highlights.getByRole('link', { name: 'Read More' })).toHaveCount(Math.min(3, blogs.length));
    await expect(highlights.getByRole('link', { name: 'View all posts' })).toHaveAttribute('href', '/blog');
  });

  test('with the catalog and content modules down, every other section renders and both fallbacks show', async ({ page }) => {
    const registry = readRegistry();
    writeRegistry({
      ...registry,
      mf_catalog: 'http://127.0.0.1:9/mf-catalog/0.0.0/mf-manifest.json',
      mf_content: 'http://127.0.0.1:9/mf-content/0.0.0/mf-manifest.json',
    });
    try {
      await page.goto('/');
      await expectPageBasics(page, shellTitle('Home'));
      await scrollThroughPage(page);
      await expect(homeOutline(page)).toHaveText([
        HOME.workshop, HOME.features, 'Blog highlights is unavailable right now.', HOME.business,
        'Popular courses is unavailable right now.', HOME.flexible, HOME.mission, HOME.certification,
      ]);
      const fallbacks = page.getByTestId('remote-fallback');
      await expect(fallbacks).toHaveCount(2);
      for (const fallback of await fallbacks.all()) {
        await expect(fallback).toHaveAttribute('role', 'alert');
        await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
      }
      await expectHomeChrome(page);
    } finally {
      writeRegistry(registry);
    }
  });
});

for (const [file, title] of [['/privacy-policy.html', 'Privacy Policy'], ['/terms-and-conditions.html', 'Terms and Conditions']] as const) {
  test(`${file} is a static page with the SMS terms: STOP, HELP and 5-10 messages per week`, async ({ page, request }) => {
    // The text is in the HTML itself: readable without JavaScript, as an SMS provider's reviewer expects.
    const raw = await request.get(file);
    expect(raw.status()).toBe(200);
    expect(raw.headers()['content-type']).toContain('text/html');
    const html = await raw.text();
    for (const text of ['STOP', 'HELP', '5-10 messages per week']) expect(html).toContain(text);
    expect(html).not.toContain('<script');

    await page.goto(file);
    await expectPageBasics(page, `${title} | ${instituteName()}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/reply STOP/).first()).toBeVisible();
    await expect(page.getByText(/reply HELP/).first()).toBeVisible();
    await expect(page.getByText('5-10 messages per week').first()).toBeVisible();
  });
}

test('an unknown route shows "Page not found" inside the site', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectPageBasics(page, shellTitle('Page not found'));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every page has exactly one h1 and a document title', async ({ page }) => {
  const [[course], [program], [blog]] = await Promise.all([listCourses(), listQuickPrograms(), listBlogs()]);
  const pages: [string, string][] = [
    ['/', shellTitle('Home')], ['/about', shellTitle('About Us')], ['/courses', shellTitle('Courses')],
    [`/courses/${course!._id}`, shellTitle(course!.title)], ['/quick-programs', shellTitle('Quick Programs')],
    [`/quick-programs/${program!._id}`, shellTitle(program!.title)], ['/appointment', shellTitle('Appointment')],
    ['/blog', shellTitle('Blog')], [`/blog/${blog!._id}`, shellTitle(blog!.title)], ['/gallery', shellTitle('Gallery')],
    ['/contact', shellTitle('Contact')], ['/login', shellTitle('Sign In')], ['/register', shellTitle('Create an Account')],
    ['/privacy-policy', shellTitle('Privacy Policy')], ['/terms-and-conditions', shellTitle('Terms and Conditions')],
    ['/payment-options', shellTitle('Payment options')], [`/payment/${course!._id}`, shellTitle('Payment')],
    ['/versions', shellTitle('Module versions')], ['/unknown-page', shellTitle('Page not found')],
  ];
  for (const [path, title] of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      // Wait for the page's own content, not just the shell: a remote's h1 arrives after the shell renders.
      await page.waitForLoadState('networkidle');
      await expectPageBasics(page, title);
    });
  }
  const student = await newStudent();
  await signIn(page, student.email, student.password);
  await page.goto('/profile');
  await expect(page.getByText(student.email)).toBeVisible();
  await expectPageBasics(page, shellTitle('Profile'));
});

test.describe('keyboard-only header', () => {
  test('Tab from the top reaches the skip link first, then the header links in order', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    const reached: string[] = [];
    for (let i = 0; i < 14 && reached.at(-1) !== 'Contact'; i++) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      // Every stop is something a sighted keyboard user can see.
      await expect(focused).toBeVisible();
      reached.push((await focused.getAttribute('aria-label')) ?? (await focused.innerText()).trim());
    }
    expect(reached).toContain(instituteName());
    expect(reached).toContain('Sign In');
    const navStart = reached.indexOf('Home');
    expect(reached.slice(navStart, navStart + NAV.length)).toEqual(NAV);

    // The skip link moves focus past the header to the page itself.
    await page.reload();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(/\/about#main$/);
  });

  test.describe('at a phone viewport', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the mobile menu opens with Enter, closes with Escape, and closes on navigation', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Menu' });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Tab');
        if (await toggle.evaluate((el) => el === document.activeElement)) break;
      }
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu.getByRole('link')).toHaveText(NAV);
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: 'Gallery' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/gallery$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
      await expect(menu).toBeHidden();
    });
  });

  test('the user menu of a signed-in student opens with Enter and closes with Escape', async ({ page }) => {
    const student = await newStudent();
    await signIn(page, student.email, student.password);
    const button = page.getByRole('button', { name: student.username, exact: true });
    await tabUntilFocused(page, button);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `${student.username} menu` });
    await expect(menu.getByRole('menuitem')).toHaveText(['My Profile', 'Logout']);
    await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the admin\'s user menu also holds "Admin Dashboard"', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const username = await sessionUsername(page);
    const button = page.getByRole('button', { name: username, exact: true });
    await tabUntilFocused(page, button);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `${username} menu` });
    await expect(menu.getByRole('menuitem')).toHaveText(['My Profile', 'Admin Dashboard', 'Logout']);
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});
