import '../../../testing/editor-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, renderWithProviders, signIn } from '../../../testing/test-utils';
import { COURSE, server, form, field, fillCourse, openEdit, richEditor, tool, typeRich } from './catalog-test-kit';
import { CoursesSection, QuickProgramsSection } from './catalog-section';

// Filling the whole form types into two editors key by key (spaced out, as ProseMirror needs): over 5 s on a busy
// machine, and a test cut off there keeps typing into the next one.
jest.setTimeout(30_000);

let scrollSpy: jest.SpyInstance;
beforeEach(() => {
  scrollSpy = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => scrollSpy.mockRestore());

test('the eight required fields are required; description and content are optional rich-text editors', async () => {
  server([]);
  renderWithProviders(<CoursesSection />);
  for (const label of ['Title', 'Image URL', 'Price (USD)', 'Duration', 'Total Hours', 'Credential', 'Prerequisite', 'Certification']) {
    expect(field(label)).toBeRequired();
  }
  expect(field('Price (USD)')).toHaveAttribute('type', 'number');
  for (const label of ['Description', 'Content']) {
    const area = await richEditor(label);
    expect(area).toHaveAttribute('role', 'textbox');
    expect(area).toHaveAttribute('aria-multiline', 'true');
    expect(area).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('toolbar', { name: `${label} formatting` })).toBeInTheDocument();
  }
});

test('a form with blank required fields is not sent', async () => {
  signIn();
  const { seen } = server([]);
  renderWithProviders(<CoursesSection />);
  await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
  expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
});

test('fields holding only spaces count as blank and are named', async () => {
  signIn();
  const { seen } = server([]);
  renderWithProviders(<CoursesSection />);
  await fillCourse();
  await userEvent.clear(field('Title'));
  await userEvent.type(field('Title'), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in: Title');
  expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
  expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
});

test('adding a course POSTs the fields with the bearer, refreshes the list and clears the form', async () => {
  const token = signIn();
  const items: object[] = [];
  const { seen } = server(items, (req) => {
    items.push({ ...(req.body as object), _id: 'new-1' });
    return { status: 201, body: items.at(-1) };
  });
  renderWithProviders(<CoursesSection />);
  await screen.findByText('No courses found');
  await fillCourse();
  await userEvent.click(within(form('Add Course')).getByRole('button', { name: 'Add Course' }));
  expect(await screen.findByRole('cell', { name: 'Pharmacy Technician' })).toBeInTheDocument();
  const post = seen.find((r) => r.method === 'POST');
  expect(post?.url).toBe(`${API}/api/courses`);
  expect(post?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(post?.body).toEqual({
    title: 'Pharmacy Technician', imgUrl: 'https://img.example/pt.jpg', price: 1500, duration: '16 weeks', totalHours: '160',
    credential: 'Diploma', preRequisite: 'None', certification: 'PTCB',
    description: '<p>About pharmacy</p>', content: '<ul><li><p>Dosage</p></li></ul>', introVideoUrl: '',
  });
  expect(field('Title')).toHaveValue('');
  expect(await richEditor('Description')).toHaveTextContent('');
  expect(screen.getByText('Course added.')).toHaveAttribute('role', 'status');
});

test('Edit fills the form, scrolls to the top, PUTs the changes and returns to add mode', async () => {
  const token = signIn();
  const { seen } = server([COURSE]);
  renderWithProviders(<CoursesSection />);
  await openEdit('Medical Billing');
  expect(scrollSpy).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  expect(screen.getByRole('heading', { name: 'Edit Course' })).toBeInTheDocument();
  // The table holds cards; the form is filled from the whole course, read for it.
  expect(seen).toContainEqual(expect.objectContaining({ method: 'GET', url: `${API}/api/courses/c-1` }));
  expect(field('Title')).toHaveValue('Medical Billing');
  expect(field('Title')).toHaveFocus();
  expect(field('Price (USD)')).toHaveValue(1200);
  // The content array arrives as one list in the editor, one item per list item.
  expect(within(await richEditor('Content')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Coding basics', 'Claims']);
  expect(await richEditor('Description')).toHaveTextContent('Learn billing');
  await userEvent.clear(field('Price (USD)'));
  await userEvent.type(field('Price (USD)'), '1300');
  await userEvent.click(screen.getByRole('button', { name: 'Update Course' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Add Course' })).toBeInTheDocument());
  const put = seen.find((r) => r.method === 'PUT');
  expect(put?.url).toBe(`${API}/api/courses/c-1`);
  expect(put?.headers.Authorization).toBe(`Bearer ${token}`);
  // Fields the form does not edit survive; server bookkeeping is not sent back.
  expect(put?.body).toMatchObject({
    price: 1300,
    description: '<p>Learn billing</p>',
    content: '<ul><li>Coding basics</li><li>Claims</li></ul>',
    introVideoUrl: 'https://video.example/1',
  });
  expect(put?.body).not.toHaveProperty('_id');
  expect(put?.body).not.toHaveProperty('createdAt');
  expect(field('Title')).toHaveValue('');
  expect(screen.getByText('Course updated.')).toHaveAttribute('role', 'status');
});

test('typing in the Description editor, with Bold, changes the submitted description', async () => {
  signIn();
  const { seen } = server([COURSE]);
  renderWithProviders(<QuickProgramsSection />);
  await openEdit('Medical Billing');
  const user = await typeRich('Description', 'Learn ');
  await user.click(tool('Description', 'Bold'));
  expect(tool('Description', 'Bold')).toHaveAttribute('aria-pressed', 'true');
  await user.keyboard('claims');
  await userEvent.click(screen.getByRole('button', { name: 'Update Quick Program' }));
  await waitFor(() => expect(seen.find((r) => r.method === 'PUT')).toBeDefined());
  expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({
    description: '<p>Learn <strong>claims</strong></p>',
    content: '<ul><li>Coding basics</li><li>Claims</li></ul>',
  });
});

test('emptying an editor saves an empty string, not an empty paragraph', async () => {
  signIn();
  const { seen } = server([COURSE]);
  renderWithProviders(<CoursesSection />);
  await openEdit('Medical Billing');
  await typeRich('Description', '{Backspace}');
  await userEvent.click(screen.getByRole('button', { name: 'Update Course' }));
  await waitFor(() => expect(seen.find((r) => r.method === 'PUT')).toBeDefined());
  expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ description: '' });
});

test('Cancel Edit returns to an empty add form', async () => {
  server([COURSE]);
  renderWithProviders(<CoursesSection />);
  await openEdit('Medical Billing');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
  expect(screen.getByRole('heading', { name: 'Add Course' })).toBeInTheDocument();
  expect(field('Title')).toHaveValue('');
});

test.each([
  ['course, server answered 500', CoursesSection, { status: 500 }, 'HTTP error! status: 500'],
  ['course, no connection', CoursesSection, 'network-error' as const, 'Failed to save course'],
  ['quick program, no connection', QuickProgramsSection, 'network-error' as const, 'Failed to save quick program'],
])('a failed save (%s) shows the exact message and keeps the input', async (_case, Section, reply, text) => {
  signIn();
  server([COURSE], () => reply);
  renderWithProviders(<Section />);
  await openEdit('Medical Billing');
  await userEvent.click(screen.getByRole('button', { name: /^Update/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(field('Title')).toHaveValue('Medical Billing');
});

test('a course has an optional Intro Video URL: typed on add, shown and cleared on edit; quick programs have none', async () => {
  signIn();
  const items: object[] = [];
  const { seen } = server(items, (req) => {
    items.push({ ...(req.body as object), _id: `new-${items.length}` });
    return { status: 201, body: items.at(-1) };
  });
  const { unmount } = renderWithProviders(<CoursesSection />);
  await screen.findByText('No courses found');
  expect(field('Intro Video URL')).not.toBeRequired();
  expect(field('Intro Video URL')).toHaveAttribute('type', 'url');
  expect(field('Intro Video URL')).toHaveAccessibleDescription('Optional. An https link to YouTube, Vimeo or a video file.');
  await fillCourse();
  await userEvent.type(field('Intro Video URL'), ' https://www.youtube.com/watch?v=abc_123 ');
  await userEvent.click(within(form('Add Course')).getByRole('button', { name: 'Add Course' }));
  await screen.findByRole('cell', { name: 'Pharmacy Technician' });
  expect(seen.find((r) => r.method === 'POST')?.body).toMatchObject({ introVideoUrl: 'https://www.youtube.com/watch?v=abc_123' });
  unmount();

  const edit = server([COURSE]);
  renderWithProviders(<CoursesSection />);
  await openEdit('Medical Billing');
  expect(field('Intro Video URL')).toHaveValue('https://video.example/1');
  await userEvent.clear(field('Intro Video URL'));
  await userEvent.click(screen.getByRole('button', { name: 'Update Course' }));
  await waitFor(() => expect(edit.seen.find((r) => r.method === 'PUT')).toBeDefined());
  // An empty value removes the video (the API stores null).
  expect(edit.seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ introVideoUrl: '' });
});

test('the quick program form has no intro video field', async () => {
  server([]);
  renderWithProviders(<QuickProgramsSection />);
  await screen.findByRole('form', { name: 'Add Quick Program' });
  expect(screen.queryByLabelText('Intro Video URL')).not.toBeInTheDocument();
});
