import { expect, test, type Page } from '@playwright/test';
import { listCourses } from '../support/api';
import { clearInbox, deliveryPrefix, inboxUploads, pngFile, siteCloudinary } from '../support/sandbox';
import { ADMIN, newStudent, SANDBOX_URL, signInByStorage } from '../support/stack';

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Every dialog the page raises is recorded and accepted, as an admin confirming a delete would. */
function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** Moves within the app through the header, so the admin's caches meet the public pages as a person's would. */
const headerLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

interface CatalogKind {
  noun: string;
  adminPath: string;
  publicLink: string;
  publicPath: string;
  publicList: string;
  /** Quick program cards preview the description (spec section 2); course cards do not. */
  cardShowsDescription: boolean;
}

const KINDS: CatalogKind[] = [
  { noun: 'Course', adminPath: '/add-course', publicLink: 'Courses', publicPath: '/courses', publicList: 'Courses', cardShowsDescription: false },
  { noun: 'Quick Program', adminPath: '/add-quick-program', publicLink: 'Quick Programs', publicPath: '/quick-programs', publicList: 'Quick programs', cardShowsDescription: true },
];

for (const kind of KINDS) {
  test(`the admin adds, edits and deletes a ${kind.noun.toLowerCase()} in ${kind.adminPath}, and ${kind.publicPath} follows`, async ({ page }) => {
    const dialogs = acceptDialogs(page);
    const imgUrl = (await listCourses())[0]!.imgUrl;
    const title = `E2E ${kind.noun} ${stamp()}`;
    const renamed = `${title} renamed`;
    const description = 'Hands-on evening sessions with a certified instructor.';
    await signInByStorage(page, ADMIN.email, ADMIN.password);
    await page.goto(kind.adminPath);
    await expect(page.getByRole('heading', { level: 1, name: `${kind.noun}s` })).toBeVisible();

    // Add mode: every required field, the description typed into the rich-text editor.
    const addForm = page.getByRole('form', { name: `Add ${kind.noun}` });
    const input = (form: typeof addForm, name: string) => form.getByRole(name === 'Price (USD)' ? 'spinbutton' : 'textbox', { name, exact: true });
    const values: Record<string, string> = {
      Title: title, 'Image URL': imgUrl, 'Price (USD)': '1250', Duration: '10 weeks', 'Total Hours': '80 hours',
      Credential: 'Diploma', Prerequisite: 'High school diploma', Certification: 'NHA certified',
    };
    for (const [label, value] of Object.entries(values)) await input(addForm, label).fill(value);
    const editor = addForm.getByRole('textbox', { name: 'Description', exact: true });
    // The editor replaces a plain textarea once its chunk arrives; typing waits for the real one.
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    await editor.click();
    await page.keyboard.type(description);
    await expect(editor).toHaveText(description);
    await addForm.getByRole('button', { name: `Add ${kind.noun}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${kind.noun} added.` })).toBeVisible();
    await expect(input(addForm, 'Title')).toHaveValue('');

    const table = page.getByRole('table', { name: `All ${kind.noun}s` });
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(row(title)).toContainText('$1,250');
    await expect(row(title)).toContainText('10 weeks');
    await expect(row(title)).toContainText('Diploma');

    const card = (name: string) =>
      page.getByRole('list', { name: kind.publicList }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await headerLink(page, kind.publicLink).click();
    await expect(page).toHaveURL(new RegExp(`${kind.publicPath}$`));
    await expect(card(title)).toBeVisible();
    await expect(card(title)).toContainText('80 hours');
    await expect(card(title)).toContainText('10 weeks');
    if (kind.cardShowsDescription) await expect(card(title)).toContainText(description);
    // The detail page shows what was typed in the editor, so the rich text went through the API intact.
    const open = card(title).getByRole('button', { name: 'View Programs' }).or(card(title).getByRole('link', { name: 'Explore' }));
    await open.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Description' })).toHaveText(description);

    // Edit mode: the form is filled from the row and the page is back at the top.
    await page.goto(kind.adminPath);
    const edit = row(title).getByRole('button', { name: `Edit ${title}` });
    // The list sits below the form, so the admin scrolls down to reach Edit; the form then scrolls back up.
    await edit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await edit.click();
    const editForm = page.getByRole('form', { name: `Edit ${kind.noun}` });
    await expect(editForm).toBeVisible();
    for (const [label, value] of Object.entries(values)) await expect(input(editForm, label)).toHaveValue(value);
    await expect(editForm.getByRole('textbox', { name: 'Description', exact: true })).toHaveText(description);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await input(editForm, 'Title').fill(renamed);
    await editForm.getByRole('button', { name: `Update ${kind.noun}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${kind.noun} updated.` })).toBeVisible();
    await expect(page.getByRole('form', { name: `Add ${kind.noun}` })).toBeVisible();
    await expect(editForm).toHaveCount(0);
    await expect(row(renamed)).toBeVisible();
    await expect(row(title)).toHaveCount(0);

    await headerLink(page, kind.publicLink).click();
    await expect(card(renamed)).toBeVisible();
    await expect(card(title)).toHaveCount(0);

    await page.goto(kind.adminPath);
    await row(renamed).getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(row(renamed)).toHaveCount(0);
    expect(dialogs).toEqual([`Are you sure you want to delete this ${kind.noun.toLowerCase()}?`]);
    await expect(page.getByRole('status').filter({ hasText: `${kind.noun} deleted.` })).toBeVisible();
    await headerLink(page, kind.publicLink).click();
    await expect(page.getByRole('list', { name: kind.publicList }).getByRole('listitem').first()).toBeVisible();
    await expect(card(renamed)).toHaveCount(0);
  });
}

test('the admin course list is searched and sorted by the server, a page of cards at a time, and the URL keeps both', async ({ page }) => {
  const lists: URL[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/courses') lists.push(url);
  });
  await signInByStorage(page, ADMIN.email, ADMIN.password);
  await page.goto('/add-course');
  const table = page.getByRole('table', { name: 'All Courses' });
  const titles = table.getByRole('row').locator('td:first-child');
  await expect(titles.first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ courses$/ })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search courses' }).fill('pharmacy');
  await expect(page).toHaveURL(/\/add-course\?q=pharmacy$/);
  await expect(titles).toHaveText(['Pharmacy Technician']);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title (A-Z)' });
  await expect(page).toHaveURL(/\/add-course\?q=pharmacy&sort=name$/);

  // A reload (or a shared link) opens on the same list; the box shows the words.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('pharmacy');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
  await expect(titles).toHaveText(['Pharmacy Technician']);
  // Every list read was one page of cards, never the whole table.
  expect(lists.length).toBeGreaterThan(0);
  for (const url of lists) expect([url.searchParams.get('fields'), url.searchParams.has('limit')]).toEqual(['card', true]);
});

test('a blog post added in /add-blog, with its image uploaded to the image host, appears on /blog', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  await clearInbox();
  const post = { title: `E2E Blog ${stamp()}`, author: 'Dana Whitfield', category: 'Careers', content: 'Our spring cohort starts soon.\nSeats are limited.' };
  await signInByStorage(page, ADMIN.email, ADMIN.password);
  await page.goto('/add-blog');
  const form = page.getByRole('form', { name: 'Add blog' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(post.title);
  await form.getByRole('textbox', { name: 'Author', exact: true }).fill(post.author);
  await form.getByRole('textbox', { name: 'Category', exact: true }).fill(post.category);
  await form.getByRole('textbox', { name: 'Content', exact: true }).fill(post.content);
  await form.getByLabel('Image').setInputFiles(pngFile('cover.png'));
  await form.getByRole('button', { name: 'Add Blog' }).click();
  // The site shows the server's own message when it sends one (spec section 7: "the response may contain message").
  await expect(form.getByRole('status')).toHaveText('Blog created.');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');

  // The image went to the image host's unsigned upload, with the configured preset.
  const uploads = await inboxUploads();
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toMatchObject({ upload_preset: siteCloudinary().uploadPreset, format: 'png', width: 4, height: 4 });
  const imageUrl = uploads[0]!.secure_url;
  // The sandbox is the image host here: the same port the tests reach it on, serving this cloud's path.
  expect(imageUrl.startsWith(deliveryPrefix())).toBe(true);
  expect(new URL(imageUrl).port).toBe(new URL(SANDBOX_URL).port);

  await headerLink(page, 'Blog').click();
  const card = page.getByRole('article', { name: post.title, exact: true });
  await expect(card).toContainText(post.category);
  await expect(card).toContainText(`By ${post.author}`);
  const image = card.getByRole('img', { name: post.title });
  // Asked for through the host's delivery transformations (decision 028), at a width the browser picked from srcset;
  // naturalWidth is then the file's width scaled by the candidate's density, so only "loaded" is asserted.
  await expect(image).toHaveAttribute('src', imageUrl.replace('/image/upload/', '/image/upload/f_auto,q_auto,c_limit,w_800/'));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/image\/upload\/f_auto,q_auto,c_limit,w_\d+\//);

  // Cleanup through the admin table, which asks first.
  await page.goto('/add-blog');
  await page.getByRole('button', { name: `Delete ${post.title}` }).click();
  await expect(page.getByRole('cell', { name: post.title, exact: true })).toHaveCount(0);
  expect(dialogs).toEqual(['Are you sure you want to delete this blog?']);
});

test('an image uploaded in /add-images shows on /gallery, and once deleted it is gone', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const photo = { title: `E2E Photo ${stamp()}`, description: 'Students practising venipuncture in the lab.' };
  await signInByStorage(page, ADMIN.email, ADMIN.password);
  await page.goto('/add-images');
  const form = page.getByRole('form', { name: 'Upload image' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(photo.title);
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill(photo.description);
  await form.getByLabel('Image').setInputFiles(pngFile('lab.png'));
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByRole('status')).toHaveText('Image uploaded successfully.');
  const adminGrid = page.getByRole('list', { name: 'Gallery images' });
  await expect(adminGrid.getByRole('listitem').filter({ hasText: photo.title })).toBeVisible();

  await headerLink(page, 'Gallery').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
  const publicGrid = page.getByRole('list', { name: 'Gallery images' });
  const image = publicGrid.getByRole('img', { name: photo.description, exact: true });
  await expect(image).toBeVisible();
  await expect(publicGrid.getByText(photo.title, { exact: true })).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.goto('/add-images');
  await page.getByRole('button', { name: `Delete image ${photo.title}` }).click();
  await expect(page.getByRole('list', { name: 'Gallery images' }).getByText(photo.title)).toHaveCount(0);
  expect(dialogs).toEqual(['Are you sure you want to delete this image?']);
  await headerLink(page, 'Gallery').click();
  await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(photo.title, { exact: true })).toHaveCount(0);
});

test('a signed-in student reaching /add-course is sent to /', async ({ page }) => {
  const student = await newStudent();
  await signInByStorage(page, student.email, student.password);
  await page.goto('/add-course');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('form', { name: 'Add Course' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin Panel' })).toHaveCount(0);
});

test('the Users section lists users newest first; a new student is made an admin, then deleted after a confirmation', async ({ page }) => {
  const student = await newStudent();
  await signInByStorage(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Users' }).click();
  const table = page.getByRole('table', { name: 'Registered users' });
  await expect(table.getByRole('columnheader')).toHaveText(['Username', 'Email', 'Role', 'Actions']);
  const rowOf = (email: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  await expect(rowOf(student.email).getByRole('cell')).toHaveText([student.username, student.email, 'user', /^Make admin\s*Sign out everywhere\s*Delete$/]);
  page.once('dialog', (dialog) => void dialog.accept());
  await rowOf(student.email).getByRole('button', { name: `Make ${student.username} an admin` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now an admin' })).toHaveText(`${student.username} is now an admin.`);
  await expect(rowOf(student.email).getByRole('cell').nth(2)).toHaveText('admin');

  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url());
  });
  // Dismissing the confirmation keeps the user.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  const remove = rowOf(student.email).getByRole('button', { name: `Delete user ${student.username}` });
  await remove.click();
  await expect.poll(() => asked).toEqual(['Are you sure you want to delete this user?']);
  await expect(rowOf(student.email)).toBeVisible();
  expect(deletes).toEqual([]);

  const accepted = acceptDialogs(page);
  await remove.click();
  await expect(rowOf(student.email)).toHaveCount(0);
  expect(accepted).toEqual(['Are you sure you want to delete this user?']);
  expect(deletes).toHaveLength(1);
  await page.reload();
  await page.getByRole('searchbox', { name: 'Username or email' }).fill(student.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No users found')).toBeVisible();
  // The list is paged on the server; the admins filter finds the seeded admin whatever page it is on.
  await page.getByRole('searchbox', { name: 'Username or email' }).fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Role' }).selectOption('admin');
  await expect(rowOf(ADMIN.email)).toContainText('admin');
});
