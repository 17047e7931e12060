import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_CONFIG, setConfig } from '../config';
import { ResponsiveImage } from './responsive-image';

const CLOUD = 'http://localhost:4010';
const API = 'http://localhost:4000';

beforeEach(() => setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: API, cloudinary: { cloudName: 'sandbox', uploadPreset: 'p', uploadBaseUrl: CLOUD } }));
afterAll(() => setConfig(DEFAULT_CONFIG));

const card = (src: string, priority = false) => (
  <ResponsiveImage src={src} alt="Medical Assistant" width={400} height={250} sizes="(min-width: 36rem) 24rem, 100vw" priority={priority} />
);

test('a Cloudinary image is asked for through f_auto,q_auto,c_limit,w_<n>, one candidate per allowed width', () => {
  render(card(`${CLOUD}/sandbox/image/upload/v1715/abc123.jpg`));
  const img = screen.getByRole('img', { name: 'Medical Assistant' });
  expect(img).toHaveAttribute('src', `${CLOUD}/sandbox/image/upload/f_auto,q_auto,c_limit,w_800/v1715/abc123.jpg`);
  const candidates = img.getAttribute('srcset')!.split(', ');
  expect(candidates[0]).toBe(`${CLOUD}/sandbox/image/upload/f_auto,q_auto,c_limit,w_160/v1715/abc123.jpg 160w`);
  expect(candidates).toHaveLength(10);
  expect(img).toHaveAttribute('sizes', '(min-width: 36rem) 24rem, 100vw');
  expect(img).toHaveAttribute('width', '400');
  expect(img).toHaveAttribute('height', '250');
  expect(img).toHaveAttribute('decoding', 'async');
});

test('transformations already in a stored URL are replaced, not stacked', () => {
  render(card(`${CLOUD}/sandbox/image/upload/w_300,c_fill/v1/gallery/lab.png`));
  expect(screen.getByRole('img')).toHaveAttribute('src', `${CLOUD}/sandbox/image/upload/f_auto,q_auto,c_limit,w_800/v1/gallery/lab.png`);
});

test('real Cloudinary (res.cloudinary.com) when the upload goes to api.cloudinary.com', () => {
  setConfig({ ...DEFAULT_CONFIG, cloudinary: { cloudName: 'inst', uploadPreset: 'p' } });
  render(card('https://res.cloudinary.com/inst/image/upload/v9/x.jpg'));
  expect(screen.getByRole('img')).toHaveAttribute('src', 'https://res.cloudinary.com/inst/image/upload/f_auto,q_auto,c_limit,w_800/v9/x.jpg');
});

test("the API's stored images are asked for at ?w=<n>; maxWidth trims the candidates", () => {
  render(<ResponsiveImage src={`${API}/media/uploads/0b6f3c1e-8f1a-4a55-9a3e-1f5b7c9d2e11.webp`} alt="" width={80} height={60} sizes="80px" maxWidth={320} />);
  const img = screen.getByRole('presentation');
  expect(img.getAttribute('srcset')).toBe(
    [160, 320].map((w) => `${API}/media/uploads/0b6f3c1e-8f1a-4a55-9a3e-1f5b7c9d2e11.webp?w=${w} ${w}w`).join(', '),
  );
  expect(img).toHaveAttribute('src', `${API}/media/uploads/0b6f3c1e-8f1a-4a55-9a3e-1f5b7c9d2e11.webp?w=320`);
});

test.each([
  ['an SVG illustration', `${API}/media/seed/course-cloud-security.svg`],
  ['an image on a host that cannot resize', 'https://images.example.org/photo.jpg'],
  ['an SVG at Cloudinary', `${CLOUD}/sandbox/image/upload/v1/logo.svg`],
])('%s keeps its own src, with no srcset', (_label, src) => {
  render(card(src));
  const img = screen.getByRole('img');
  expect(img).toHaveAttribute('src', src);
  expect(img).not.toHaveAttribute('srcset');
  expect(img).not.toHaveAttribute('sizes');
});

test('below the fold it is lazy; the LCP image is fetched first and not lazy', () => {
  const { rerender } = render(card(`${CLOUD}/sandbox/image/upload/v1/a.jpg`));
  expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
  expect(screen.getByRole('img')).not.toHaveAttribute('fetchpriority');
  rerender(card(`${CLOUD}/sandbox/image/upload/v1/a.jpg`, true));
  expect(screen.getByRole('img')).toHaveAttribute('fetchpriority', 'high');
  expect(screen.getByRole('img')).not.toHaveAttribute('loading');
});

test("the server's HTML has the browser's attributes, and the LCP image's preload", () => {
  const element = card(`${CLOUD}/sandbox/image/upload/v1/a.jpg`, true);
  const server = document.createElement('div');
  server.innerHTML = renderToString(element);
  const { container } = render(element);
  const attributes = (img: Element) => Object.fromEntries([...img.attributes].map((a) => [a.name, a.value]));
  expect(attributes(server.querySelector('img')!)).toEqual(attributes(container.querySelector('img')!));
  // React puts a preload of the chosen candidate in the head for a fetchpriority="high" image.
  const preload = server.querySelector('link[rel="preload"][as="image"]');
  expect(preload).toHaveAttribute('imagesrcset', container.querySelector('img')!.getAttribute('srcset'));
  expect(preload).toHaveAttribute('imagesizes', '(min-width: 36rem) 24rem, 100vw');
});
