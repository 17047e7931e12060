import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, pageReply, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import { GallerySection } from './gallery-section';

const IMAGES = [
  { _id: 'g-1', title: 'Graduation', description: 'Class of 2024', imageUrl: 'https://img.example/g1.jpg', width: 800, height: 600 },
  { _id: 'g-2', title: 'Lab', description: 'Practice lab', imageUrl: 'https://img.example/g2.jpg' },
];
const png = () => new File(['png-bytes'], 'photo.png', { type: 'image/png' });

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => confirmSpy.mockRestore());

const upload = () => within(screen.getByRole('form', { name: 'Upload image' }));

async function fill(user = userEvent.setup(), file: File | null = png()) {
  await user.type(upload().getByLabelText('Title'), 'Open day');
  await user.type(upload().getByLabelText('Description'), 'Visitors on campus');
  if (file) await user.upload(upload().getByLabelText('Image'), file);
}

test('shows "Loading images..." while the list loads', async () => {
  mockFetch(pending);
  renderWithProviders(<GallerySection />);
  expect(await screen.findByText('Loading images...')).toBeInTheDocument();
});

test('shows the images in a grid with alt text, size and a Delete button each', async () => {
  const { seen } = mockFetch((req) => pageReply(req.url, IMAGES));
  renderWithProviders(<GallerySection />);
  const grid = await screen.findByRole('list', { name: 'Gallery images' });
  const img = within(grid).getByRole('img', { name: 'Graduation' });
  expect(img).toHaveAttribute('src', 'https://img.example/g1.jpg');
  expect(img).toHaveAttribute('width', '800');
  expect(img).toHaveAttribute('height', '600');
  expect(within(grid).getByRole('img', { name: 'Lab' })).toHaveAttribute('width', '400');
  expect(within(grid).getAllByRole('button', { name: /^Delete image/ })).toHaveLength(2);
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/gallery?limit=24` });
});

test('shows "No images in gallery" for an empty list', async () => {
  mockFetch((req) => pageReply(req.url, []));
  renderWithProviders(<GallerySection />);
  expect(await screen.findByText('No images in gallery')).toBeInTheDocument();
});

test('shows "Error fetching gallery images" when the list fails', async () => {
  mockFetch(() => ({ status: 500 }));
  renderWithProviders(<GallerySection />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching gallery images');
});

test('the image input takes images only', async () => {
  mockFetch((req) => pageReply(req.url, []));
  renderWithProviders(<GallerySection />);
  expect(upload().getByLabelText('Image')).toHaveAttribute('accept', 'image/*');
});

test.each([
  ['no title', async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(upload().getByLabelText('Description'), 'x');
    await user.upload(upload().getByLabelText('Image'), png());
  }],
  ['no description', async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(upload().getByLabelText('Title'), 'x');
    await user.upload(upload().getByLabelText('Image'), png());
  }],
  ['no image', async (user: ReturnType<typeof userEvent.setup>) => fill(user, null)],
  ['a file that is not an image', async (user: ReturnType<typeof userEvent.setup>) =>
    fill(user, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }))],
])('with %s the upload says "Please fill in all fields" and sends nothing', async (_case, act) => {
  signIn();
  const { seen } = mockFetch((req) => pageReply(req.url, []));
  renderWithProviders(<GallerySection />);
  await screen.findByText('No images in gallery');
  const user = userEvent.setup({ applyAccept: false });
  await act(user);
  await user.click(upload().getByRole('button', { name: 'Upload' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('uploading POSTs multipart image, title and description with the bearer, then refreshes and clears', async () => {
  const token = signIn();
  let list: object[] = [];
  const { seen } = mockFetch((req) => {
    if (req.method === 'GET') return pageReply(req.url, list);
    list = [{ _id: 'g-9', title: 'Open day', description: 'Visitors on campus', imageUrl: 'https://img.example/g9.jpg' }];
    return { status: 201, body: list[0] };
  });
  renderWithProviders(<GallerySection />);
  await screen.findByText('No images in gallery');
  await fill();
  await userEvent.click(upload().getByRole('button', { name: 'Upload' }));
  expect(await screen.findByRole('img', { name: 'Open day' })).toBeInTheDocument();
  const post = seen.find((r) => r.method === 'POST');
  expect(post?.url).toBe(`${API}/api/gallery`);
  expect(post?.headers.Authorization).toBe(`Bearer ${token}`);
  const body = post?.body as FormData;
  expect(body).toBeInstanceOf(FormData);
  expect(body.get('title')).toBe('Open day');
  expect(body.get('description')).toBe('Visitors on campus');
  expect((body.get('image') as File).name).toBe('photo.png');
  expect(upload().getByLabelText('Title')).toHaveValue('');
  expect(screen.getByText('Image uploaded successfully.')).toBeInTheDocument();
});

test('a failed upload says "Error uploading image" and keeps the input', async () => {
  signIn();
  mockFetch((req) => (req.method === 'POST' ? { status: 413 } : pageReply(req.url, [])));
  renderWithProviders(<GallerySection />);
  await screen.findByText('No images in gallery');
  await fill();
  await userEvent.click(upload().getByRole('button', { name: 'Upload' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Error uploading image');
  expect(upload().getByLabelText('Title')).toHaveValue('Open day');
});

test('delete asks for confirmation, sends DELETE with the bearer and refreshes the grid', async () => {
  const token = signIn();
  let list = IMAGES;
  const { seen } = mockFetch((req) => {
    if (req.method === 'GET') return pageReply(req.url, list);
    list = list.filter((i) => !req.url.endsWith(i._id));
    return { body: { message: 'deleted' } };
  });
  renderWithProviders(<GallerySection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete image Lab' }));
  await waitFor(() => expect(screen.queryByRole('img', { name: 'Lab' })).not.toBeInTheDocument());
  expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this image?');
  const del = seen.find((r) => r.method === 'DELETE');
  expect(del?.url).toBe(`${API}/api/gallery/g-2`);
  expect(del?.headers.Authorization).toBe(`Bearer ${token}`);
});

test('declining the confirmation deletes nothing', async () => {
  confirmSpy.mockReturnValue(false);
  const { seen } = mockFetch((req) => pageReply(req.url, IMAGES));
  renderWithProviders(<GallerySection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete image Lab' }));
  expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
});

test('a failed delete says "Error deleting image" and keeps the image', async () => {
  signIn();
  mockFetch((req) => (req.method === 'DELETE' ? 'network-error' : pageReply(req.url, IMAGES)));
  renderWithProviders(<GallerySection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete image Lab' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting image');
  expect(screen.getByRole('img', { name: 'Lab' })).toBeInTheDocument();
});

test('Edit opens the title and description in place; Save PUTs them with the bearer and the grid shows them', async () => {
  const token = signIn();
  let list = IMAGES;
  const { seen } = mockFetch((req) => {
    if (req.method === 'PUT') {
      list = list.map((g) => (g._id === 'g-1' ? { ...g, ...(req.body as object) } : g));
      return { body: list[0] };
    }
    return pageReply(req.url, list);
  });
  renderWithProviders(<GallerySection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit image Graduation' }));
  const form = within(screen.getByRole('form', { name: 'Edit Graduation' }));
  await userEvent.clear(form.getByLabelText('Title'));
  await userEvent.type(form.getByLabelText('Title'), 'Graduation day');
  await userEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Graduation day')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: /^Edit / })).not.toBeInTheDocument();
  const put = seen.find((r) => r.method === 'PUT');
  expect(put).toMatchObject({ url: `${API}/api/gallery/g-1`, body: { title: 'Graduation day', description: 'Class of 2024' } });
  expect(put?.headers.Authorization).toBe(`Bearer ${token}`);
});

test('a refused edit shows the server message and keeps the form open', async () => {
  signIn();
  mockFetch((req) => (req.method === 'PUT' ? { status: 400, body: { error: 'Bad Request', message: 'Title must not be empty.' } } : pageReply(req.url, IMAGES)));
  renderWithProviders(<GallerySection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit image Lab' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Title must not be empty.');
  expect(screen.getByRole('form', { name: 'Edit Lab' })).toBeInTheDocument();
});

const location = () => screen.getByTestId('location').textContent;
/** Answers a page of the images whose title or description holds every word of `q`, as the server does. */
const searched = (req: { url: string }) => {
  const words = (new URL(req.url).searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return pageReply(req.url, IMAGES.filter((image) => words.every((word) => `${image.title} ${image.description}`.toLowerCase().includes(word))));
};

test('the search box asks the server once typing pauses, the URL keeps the words, and no match says so', async () => {
  const { seen } = mockFetch(searched);
  renderWithProviders(<GallerySection />, { route: '/admin?section=gallery', path: '/admin', probe: true });
  const grid = await screen.findByRole('list', { name: 'Gallery images' });
  await within(grid).findByRole('img', { name: 'Lab' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search images' }), 'class');
  await waitFor(() => expect(within(grid).queryByRole('img', { name: 'Lab' })).not.toBeInTheDocument());
  expect(within(grid).getByRole('img', { name: 'Graduation' })).toBeInTheDocument();
  expect(seen.filter((r) => r.url.includes('q='))).toEqual([expect.objectContaining({ url: `${API}/api/gallery?limit=24&q=class` })]);
  expect(location()).toBe('/admin?section=gallery&q=class');
  await userEvent.clear(screen.getByRole('searchbox', { name: 'Search images' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search images' }), 'zzz');
  expect(await screen.findByText('No images match “zzz”')).toBeInTheDocument();
});

test('Sort by asks the server for that order, and a URL with words and an order opens on that list', async () => {
  const first = mockFetch(searched);
  const { unmount } = renderWithProviders(<GallerySection />, { route: '/admin?section=gallery', path: '/admin', probe: true });
  await screen.findByRole('img', { name: 'Lab' });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Title (A-Z)');
  await waitFor(() => expect(first.seen.at(-1)?.url).toBe(`${API}/api/gallery?limit=24&sort=title`));
  expect(location()).toBe('/admin?section=gallery&sort=title');
  unmount();

  const second = mockFetch(searched);
  renderWithProviders(<GallerySection />, { route: '/admin?section=gallery&q=lab&sort=oldest', path: '/admin' });
  expect(await screen.findByRole('searchbox', { name: 'Search images' })).toHaveValue('lab');
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('oldest');
  await screen.findByRole('img', { name: 'Lab' });
  expect(second.seen[0]?.url).toBe(`${API}/api/gallery?limit=24&q=lab&sort=oldest`);
});
