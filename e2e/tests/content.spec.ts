import { expect, test, type Page } from '@playwright/test';
import { listBlogs, listGallery } from '../support/api';
import { ddmmyyyy, excerptWords } from '../support/format';
import { expectPageBasics, shellTitle } from '../support/page-checks';

test('blog list -> "Read More" -> the post with its paragraphs -> back to the list', async ({ page }) => {
  const blogs = await listBlogs();
  expect(blogs.length).toBeGreaterThanOrEqual(4);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  await expectPageBasics(page, shellTitle('Blog'));
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(blogs.length);
  const cardOf = (title: string) => page.getByRole('article', { name: title, exact: true });
  for (const blog of blogs) {
    const card = cardOf(blog.title);
    await expect(card.getByRole('img', { name: blog.title })).toBeVisible();
    await expect(card).toContainText(blog.category);
    await expect(card).toContainText(ddmmyyyy(blog.createdAt));
    await expect(card).toContainText(`By ${blog.author}`);
    await expect(card).toContainText(excerptWords(blog.content, 20));
  }

  const post = blogs.find((b) => b.content.includes('\n')) ?? blogs[0]!;
  await cardOf(post.title).getByRole('link', { name: 'Read More' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  // The post sets its own title, for search results and link previews.
  await expectPageBasics(page, shellTitle(post.title));
  await expect(page.getByText(`By ${post.author}`)).toBeVisible();
  await expect(page.getByText(ddmmyyyy(post.createdAt), { exact: true })).toBeVisible();
  const paragraphs = post.content.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  expect(paragraphs.length).toBeGreaterThan(1);
  const article = page.getByRole('article');
  for (const text of paragraphs) await expect(article.locator('p', { hasText: text })).toHaveCount(1);

  await page.getByRole('link', { name: 'Back to all posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  await expect(cards).toHaveCount(blogs.length);
  await expect(page).toHaveTitle(shellTitle('Blog'));
});

test('/gallery shows the seeded images; a click opens the larger view and Escape closes it', async ({ page }) => {
  const images = await listGallery();
  expect(images.length).toBeGreaterThanOrEqual(6);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
  await expectPageBasics(page, shellTitle('Gallery'));
  const grid = page.getByRole('list', { name: 'Gallery images' });
  await expect(grid.getByRole('listitem')).toHaveCount(images.length);
  const alt = (image: (typeof images)[number]) => image.description.trim() || image.title;
  for (const image of images) {
    await expect(grid.getByRole('img', { name: alt(image), exact: true })).toHaveAttribute('src', image.imageUrl);
    await expect(grid.getByText(image.title, { exact: true })).toBeVisible();
  }
  // Every tile the same size, a last row that is not full included (it is centred, not stretched).
  const widths = await grid.getByRole('listitem').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().width)));
  expect(new Set(widths).size, `tile widths ${widths.join(', ')}`).toBe(1);

  const chosen = images[1]!;
  const thumb = grid.getByRole('button', { name: `View larger: ${alt(chosen)}` });
  await thumb.click();
  const dialog = page.getByRole('dialog', { name: chosen.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: alt(chosen) })).toBeVisible();
  await expectImageLoaded(page, dialog.getByRole('img'));
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumb).toBeFocused();

  // The keyboard opens it as well, and the Close button closes it.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

async function expectImageLoaded(page: Page, image: ReturnType<Page['locator']>) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('/contact shows "Name is required", "Email is required" and then "Invalid email"', async ({ page }) => {
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/email/send')) sends.push(request.url());
  });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
  await expectPageBasics(page, shellTitle('Contact'));
  const form = page.getByRole('region', { name: 'Send Us a Message' });
  const name = form.getByRole('textbox', { name: 'Name' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const send = form.getByRole('button', { name: 'Send Message' });

  await send.click();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(email).toHaveAccessibleDescription('Email is required');
  await expect(name).toBeFocused();

  await name.fill('Jordan Lee');
  await email.fill('jordan.example.com');
  await send.click();
  await expect(form.getByText('Invalid email', { exact: true })).toBeVisible();
  await expect(email).toHaveAccessibleDescription('Invalid email');
  await expect(form.getByText('Name is required')).toHaveCount(0);
  await expect(form.getByText('Email is required')).toHaveCount(0);
  await expect(email).toBeFocused();
  await expect(page.getByText('Your message has been sent successfully!')).toHaveCount(0);
  expect(sends).toEqual([]);
});
