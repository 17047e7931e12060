import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
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

describe('a deferred image (a list\'s later card, decision 057)', () => {
  const deferred = () => (
    <ResponsiveImage src={`${CLOUD}/sandbox/image/upload/v1/a.jpg`} alt="Phlebotomy" width={400} height={250} sizes="100vw" defer />
  );
  let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[];

  beforeEach(() => {
    observers = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) { this.entry.targets.push(target); }
      disconnect() { this.entry.targets = []; }
    };
  });
  afterEach(() => { delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver; });

  const report = (isIntersecting: boolean) => act(() => {
    for (const { callback, targets } of observers) {
      callback(targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry), {} as IntersectionObserver);
    }
  });

  test('the server sends it without a source, and a <noscript> copy that is the image without JavaScript', () => {
    const server = document.createElement('div');
    server.innerHTML = renderToString(deferred());
    const img = server.querySelector('img')!;
    expect(img).not.toHaveAttribute('src');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '250');
    const fallback = server.querySelector('noscript')!.textContent!;
    expect(fallback).toContain(`src="${CLOUD}/sandbox/image/upload/f_auto,q_auto,c_limit,w_800/v1/a.jpg"`);
    expect(fallback).toContain('loading="lazy"');
    expect(server.querySelector('link[rel="preload"]')).toBeNull();
  });

  test('hydrates without a mismatch, then asks for its source only when near the viewport', async () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(deferred());
    document.body.append(host);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => { hydrateRoot(host, deferred()); });
    const img = host.querySelector('img')!;
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(img).not.toHaveAttribute('src');
    expect(observers.at(-1)!.options).toEqual({ rootMargin: '50%' });
    expect(observers.at(-1)!.targets).toEqual([img]);
    report(false);
    expect(img).not.toHaveAttribute('src');
    report(true);
    expect(img).toHaveAttribute('src', `${CLOUD}/sandbox/image/upload/f_auto,q_auto,c_limit,w_800/v1/a.jpg`);
    expect(img.getAttribute('srcset')).toContain('w_720/v1/a.jpg 720w');
    expect(img).toHaveAttribute('sizes', '100vw');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.className).toBe('');
    host.remove();
  });

  test('waits for the page\'s load event before watching the viewport', () => {
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      render(deferred());
      expect(observers).toHaveLength(0);
      readyState.mockReturnValue('complete');
      act(() => { window.dispatchEvent(new Event('load')); });
      expect(observers).toHaveLength(1);
      report(true);
      expect(screen.getByRole('img', { name: 'Phlebotomy' })).toHaveAttribute('src');
    } finally {
      readyState.mockRestore();
    }
  });

  test('the LCP image is never deferred', () => {
    render(<ResponsiveImage src={`${CLOUD}/sandbox/image/upload/v1/a.jpg`} alt="Phlebotomy" width={400} height={250} sizes="100vw" priority defer />);
    expect(screen.getByRole('img')).toHaveAttribute('src');
    expect(screen.getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    expect(observers).toHaveLength(0);
  });
});
