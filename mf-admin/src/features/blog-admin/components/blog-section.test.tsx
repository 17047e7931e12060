import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import { API, mockFetch, pageReply, pending, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../../testing/test-utils';
import { BlogSection } from './blog-section';

const UPLOAD = 'http://images.test/v1_1/demo-cloud/image/upload';
const BLOGS = [
  { _id: 'b-1', title: 'Why billing', imgUrl: 'https://img.example/b1.jpg', author: 'Dana', category: 'Healthcare', content: 'x', createdAt: '2024-01-01' },
  { _id: 'b-2', title: 'Lab safety', imgUrl: 'https://img.example/b2.jpg', author: 'Lee', category: 'Science', content: 'y', createdAt: '2024-02-01' },
];

let alertSpy: jest.SpyInstance;
let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG, cloudinary: { cloudName: 'demo-cloud', uploadPreset: 'blog-preset', uploadBaseUrl: 'http://images.test/' } });
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  alertSpy.mockRestore();
  confirmSpy.mockRestore();
  setConfig(DEFAULT_CONFIG);
});

type Handler = (req: SeenRequest) => FakeReply | 'network-error';
/** A list GET answers a page; `/blogs/:id` (the spec's read of one post) the whole post. */
function blogGet(url: string, list: object[]): FakeReply {
  const one = /\/blogs\/([^/?]+)$/.exec(url);
  if (!one) return pageReply(url, list);
  const post = list.find((b) => (b as { _id: string })._id === one[1]);
  return post ? { body: post } : { status: 404, body: { error: 'Not Found', message: 'Blog not found.' } };
}
/** The API and the image host in one fake network. */
function network({ list = () => BLOGS, upload, create }: { list?: () => object[]; upload?: Handler; create?: Handler } = {}) {
  return mockFetch((req) => {
    if (req.url === UPLOAD) return upload ? upload(req) : { body: { secure_url: 'https://images.test/demo-cloud/new.jpg' } };
    if (req.method === 'POST') return create ? create(req) : { status: 201, body: { message: 'Blog created successfully' } };
    if (req.method === 'DELETE') return { body: { message: 'deleted' } };
    return blogGet(req.url, list());
  });
}

const form = () => within(screen.getByRole('form', { name: 'Add blog' }));
const jpeg = () => new File(['jpg'], 'cover.jpg', { type: 'image/jpeg' });

async function fill(file: File | null = jpeg()) {
  await userEvent.type(form().getByLabelText('Title'), 'New term');
  await userEvent.type(form().getByLabelText('Author'), 'Sam');
  await userEvent.type(form().getByLabelText('Category'), 'News');
  await userEvent.type(form().getByLabelText('Content'), 'Classes start soon.');
  if (file) await userEvent.upload(form().getByLabelText('Image'), file);
}
const submit = () => userEvent.click(form().getByRole('button', { name: 'Add Blog' }));

test('lists blogs with Title, Image, Author, Category and Actions', async () => {
  network();
  renderWithProviders(<BlogSection />);
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Title', 'Image', 'Author', 'Category', 'Actions']);
  const row = within(table).getByRole('row', { name: /Lab safety/ });
  expect(within(row).getByRole('img', { name: 'Cover image for Lab safety' })).toHaveAttribute('src', 'https://img.example/b2.jpg');
  expect(within(row).getByText('Lee')).toBeInTheDocument();
  expect(within(row).getByText('Science')).toBeInTheDocument();
});

test('loading, empty and failed lists', async () => {
  mockFetch(pending);
  const first = renderWithProviders(<BlogSection />);
  expect(await screen.findByText('Loading blogs...')).toBeInTheDocument();
  first.unmount();
  network({ list: () => [] });
  const second = renderWithProviders(<BlogSection />);
  expect(await screen.findByText('No blogs found')).toBeInTheDocument();
  second.unmount();
  mockFetch(() => ({ status: 500 }));
  renderWithProviders(<BlogSection />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch blogs');
});

test('title, author, category and content are required; the image input takes images only', async () => {
  network();
  renderWithProviders(<BlogSection />);
  for (const label of ['Title', 'Author', 'Category', 'Content']) expect(form().getByLabelText(label)).toBeRequired();
  expect(form().getByLabelText('Image')).toHaveAttribute('accept', 'image/*');
});

test('without an image: alert "Please select an image." and nothing is sent', async () => {
  signIn();
  const { seen } = network();
  renderWithProviders(<BlogSection />);
  await fill(null);
  await submit();
  expect(alertSpy).toHaveBeenCalledWith('Please select an image.');
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('without a token: alert "User not authenticated. Please log in." and nothing is uploaded', async () => {
  const { seen } = network();
  renderWithProviders(<BlogSection />);
  await fill();
  await submit();
  expect(alertSpy).toHaveBeenCalledWith('User not authenticated. Please log in.');
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('uploads the image unsigned with the preset, then POSTs the blog with its address and the bearer', async () => {
  const token = signIn();
  let list: object[] = [];
  const { seen } = network({
    list: () => list,
    create: (req) => {
      list = [{ ...(req.body as object), _id: 'b-9', createdAt: '2024-05-01' }];
      return { status: 201, body: { message: 'Blog created successfully' } };
    },
  });
  renderWithProviders(<BlogSection />);
  await screen.findByText('No blogs found');
  await fill();
  await submit();
  expect(await screen.findByText('Blog created successfully')).toBeInTheDocument();
  const upload = seen.find((r) => r.url === UPLOAD);
  const body = upload?.body as FormData;
  expect(upload?.method).toBe('POST');
  expect(body.get('upload_preset')).toBe('blog-preset');
  expect((body.get('file') as File).name).toBe('cover.jpg');
  const post = seen.find((r) => r.url === `${API}/api/blogs` && r.method === 'POST');
  expect(post?.body).toEqual({
    title: 'New term', author: 'Sam', category: 'News', content: 'Classes start soon.', imgUrl: 'https://images.test/demo-cloud/new.jpg',
  });
  expect(post?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(form().getByLabelText('Title')).toHaveValue('');
  // The list is refreshed after the save.
  expect(await screen.findByRole('cell', { name: 'New term' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Cover image for New term' })).toHaveAttribute('src', 'https://images.test/demo-cloud/new.jpg');
});

test('text fields holding only spaces are named and nothing is sent', async () => {
  signIn();
  const { seen } = network();
  renderWithProviders(<BlogSection />);
  await fill();
  await userEvent.clear(form().getByLabelText('Author'));
  await userEvent.type(form().getByLabelText('Author'), '  ');
  await submit();
  expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in: Author');
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test.each<[string, Handler | undefined, Handler | undefined, string]>([
  ['the image host refuses', () => ({ status: 400, body: { error: { message: 'Upload preset not found' } } }), undefined, 'Image upload failed: Upload preset not found'],
  ['the image host is unreachable', () => 'network-error', undefined, 'Image upload failed. Please try again.'],
  ['the server refuses with a message', undefined, () => ({ status: 400, body: { error: 'Bad Request', message: 'Category is too long' } }), 'Category is too long'],
  ['the server is unreachable', undefined, () => 'network-error', 'Failed to add blog'],
  ['the server fails without a message', undefined, () => ({ status: 500 }), 'Failed to add blog'],
])('when %s the form says so and keeps the input', async (_case, upload, create, text) => {
  signIn();
  network({ upload, create });
  renderWithProviders(<BlogSection />);
  await fill();
  await submit();
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(form().getByLabelText('Title')).toHaveValue('New term');
});

test('delete asks for confirmation, then sends DELETE with the bearer', async () => {
  const token = signIn();
  const { seen } = network();
  renderWithProviders(<BlogSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Lab safety' }));
  expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this blog?');
  await waitFor(() => expect(seen.find((r) => r.method === 'DELETE')?.url).toBe(`${API}/api/blogs/b-2`));
  expect(seen.find((r) => r.method === 'DELETE')?.headers.Authorization).toBe(`Bearer ${token}`);
});

test('a failed delete says "Failed to delete blog"', async () => {
  signIn();
  mockFetch((req) => (req.method === 'DELETE' ? { status: 500 } : blogGet(req.url, BLOGS)));
  renderWithProviders(<BlogSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Lab safety' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete blog');
});

test('Edit fills the form; saving PUTs every field with the post kept cover and description, then the form adds again', async () => {
  const token = signIn();
  let list: object[] = [{ ...BLOGS[0], description: 'Kept summary' }, BLOGS[1]!];
  const { seen } = mockFetch((req) => {
    if (req.method === 'PUT') {
      list = list.map((b) => ((b as { _id: string })._id === 'b-1' ? { ...b, ...(req.body as object) } : b));
      return { body: { message: 'Blog updated.', blog: list[0] } };
    }
    return blogGet(req.url, list);
  });
  renderWithProviders(<BlogSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Why billing' }));
  const edit = within(await screen.findByRole('form', { name: 'Edit blog' }));
  // The table holds cards (an excerpt of the content); the form is filled from the whole post, read for it.
  expect(seen).toContainEqual(expect.objectContaining({ method: 'GET', url: `${API}/blogs/b-1` }));
  expect(edit.getByLabelText('Title')).toHaveValue('Why billing');
  expect(edit.getByLabelText('Author')).toHaveValue('Dana');
  await userEvent.clear(edit.getByLabelText('Title'));
  await userEvent.type(edit.getByLabelText('Title'), 'Why medical billing');
  await userEvent.click(edit.getByRole('button', { name: 'Update Blog' }));
  expect(await screen.findByText('Blog updated.')).toBeInTheDocument();
  const put = seen.find((r) => r.method === 'PUT');
  expect(put).toMatchObject({ url: `${API}/api/blogs/b-1` });
  expect(put?.body).toEqual({ title: 'Why medical billing', author: 'Dana', category: 'Healthcare', content: 'x', description: 'Kept summary', imgUrl: 'https://img.example/b1.jpg' });
  expect(put?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(seen.some((r) => r.url === UPLOAD)).toBe(false);
  expect(screen.getByRole('form', { name: 'Add blog' })).toBeInTheDocument();
  expect(await screen.findByRole('cell', { name: 'Why medical billing' })).toBeInTheDocument();
});

test('Cancel leaves edit mode without sending anything', async () => {
  signIn();
  const { seen } = network();
  renderWithProviders(<BlogSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Lab safety' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  expect(form().getByLabelText('Title')).toHaveValue('');
  expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
});
