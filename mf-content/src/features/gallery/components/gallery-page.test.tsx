import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GalleryImage } from '@institute/shared/contract';
import GalleryPage from '../../../expose/gallery-page';
import { mockFetch, pageReply, pending, renderPage } from '../../../testing/test-utils';
import { imageSize } from './image-size';

// Every thumbnail (and the dialog) measures its image once per render: counting the calls counts what is drawn.
jest.mock('./image-size', () => {
  const actual = jest.requireActual<typeof import('./image-size')>('./image-size');
  return { ...actual, imageSize: jest.fn(actual.imageSize) };
});

const images: GalleryImage[] = [
  { _id: 'g1', title: 'Graduation day', description: 'Students throwing caps', imageUrl: 'https://img.example/g1.jpg', width: 1200, height: 800 },
  // No usable size (0 x 0, as a row stored before sizes were recorded would read): the page falls back to a fixed ratio.
  { _id: 'g2', title: 'Lab session', description: '', imageUrl: 'https://img.example/g2.jpg', width: 0, height: 0 },
];

const renderGallery = () => renderPage(<GalleryPage />, { route: '/gallery' });

describe('GalleryPage', () => {
  it('shows the banner and a spinner while the images load', () => {
    mockFetch(pending);
    renderGallery();
    expect(screen.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Gallery images' })).not.toBeInTheDocument();
  });

  it('keeps the spinner while the list is empty, as the spec says', async () => {
    const { fn: fetch } = mockFetch((req) => pageReply(req.url, []));
    renderGallery();
    // aria-busy turns false once the (empty) answer has arrived; the spinner must still be there.
    const section = screen.getByRole('status').closest('section');
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'false'));
    expect(fetch).toHaveBeenCalledWith('http://localhost:4000/api/gallery?limit=24', expect.anything());
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the spec error text when the list fails to load', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'Internal', message: 'boom' } }));
    renderGallery();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching gallery images');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders each image with its caption, alt text and reserved size, the first at once and the rest lazily', async () => {
    mockFetch((req) => pageReply(req.url, images));
    renderGallery();
    const list = await screen.findByRole('list', { name: 'Gallery images' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0]!).getByRole('img', { name: 'Students throwing caps' });
    expect(first).toHaveAttribute('src', 'https://img.example/g1.jpg');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).not.toHaveAttribute('loading');
    expect(first).toHaveAttribute('width', '1200');
    expect(first).toHaveAttribute('height', '800');
    expect(within(items[0]!).getByText('Graduation day')).toBeInTheDocument();

    // Without a description the title is the alt text; without dimensions a fixed-ratio box holds the space.
    const second = within(items[1]!).getByRole('img', { name: 'Lab session' });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('width', '800');
    expect(second).toHaveAttribute('height', '600');
    expect(second.parentElement).toHaveClass('fixedRatio');
    expect(first.parentElement).not.toHaveClass('fixedRatio');
  });

  it('gives the later images no source until they near the viewport, so the first has the bandwidth (decision 057)', async () => {
    const observed: Element[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      observe(target: Element) { observed.push(target); }
      disconnect() {}
    };
    try {
      mockFetch((req) => pageReply(req.url, images));
      renderGallery();
      const list = await screen.findByRole('list', { name: 'Gallery images' });
      const [first, second] = within(list).getAllByRole('img');
      expect(first).toHaveAttribute('src', 'https://img.example/g1.jpg');
      expect(second).not.toHaveAttribute('src');
      expect(observed).toContain(second);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('opens a larger view in a dialog that takes focus and closes on Escape, returning focus', async () => {
    const user = userEvent.setup();
    mockFetch((req) => pageReply(req.url, images));
    renderGallery();
    const thumb = await screen.findByRole('button', { name: 'View larger: Students throwing caps' });
    await user.click(thumb);

    const dialog = screen.getByRole('dialog', { name: 'Graduation day' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const large = within(dialog).getByRole('img', { name: 'Students throwing caps' });
    expect(large).toHaveAttribute('width', '1200');
    expect(large).toHaveAttribute('height', '800');
    expect(within(dialog).getByText('Students throwing caps')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });

  it('opening and closing the larger view draws the dialog alone, not the thumbnails again', async () => {
    const user = userEvent.setup();
    mockFetch((req) => pageReply(req.url, images));
    renderGallery();
    const thumb = await screen.findByRole('button', { name: 'View larger: Students throwing caps' });
    jest.mocked(imageSize).mockClear();
    await user.click(thumb);
    expect(screen.getByRole('dialog', { name: 'Graduation day' })).toBeInTheDocument();
    // The dialog's own image; no thumbnail measured again.
    expect(jest.mocked(imageSize).mock.calls.map(([image]) => image._id)).toEqual(['g1']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(imageSize).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog and closes from the Close button', async () => {
    const user = userEvent.setup();
    mockFetch((req) => pageReply(req.url, images));
    renderGallery();
    const thumb = await screen.findByRole('button', { name: 'View larger: Lab session' });
    thumb.focus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Lab session' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });

  it('closes when the backdrop is clicked but not when the picture is clicked', async () => {
    const user = userEvent.setup();
    mockFetch((req) => pageReply(req.url, images));
    renderGallery();
    await user.click(await screen.findByRole('button', { name: 'View larger: Students throwing caps' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('img'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('gallery-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
