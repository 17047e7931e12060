import { act, render, screen } from '@testing-library/react';
import { pagePreview, RemoteSlot, setRemoteLoader, showPagePreview } from '.';

/** A constructed stylesheet as Chromium has it (jsdom has none): its text, and the document's adopted list. */
class FakeSheet {
  text = '';
  replaceSync(css: string) {
    this.text = css;
  }
}
const adopted = () => (document as unknown as { adoptedStyleSheets: FakeSheet[] }).adoptedStyleSheets.map((s) => s.text);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => { resolve = res; });
  return { promise, resolve };
}

const COURSES = 'mf_catalog/CoursesPage' as const;
const SERVER_MARKUP = '<section class="banner"><h1>Courses</h1></section><ul class="grid"><li><h2>Clinical Medical Assistant</h2></li></ul>';
const preview = (url: string) => ({ id: COURSES, url, html: SERVER_MARKUP, styles: ['.grid{display:grid}'], title: 'Courses | Northbridge Career Institute' });

function CoursesPage() {
  return <><h1>Courses</h1><ul><li><h2>Clinical Medical Assistant</h2><a href="/courses/1">Details</a></li></ul></>;
}

const original = { sheet: Object.getOwnPropertyDescriptor(window, 'CSSStyleSheet') };
beforeEach(() => {
  Object.defineProperty(window, 'CSSStyleSheet', { value: FakeSheet, configurable: true, writable: true });
  Object.defineProperty(document, 'adoptedStyleSheets', { value: [], configurable: true, writable: true });
  window.history.pushState({}, '', '/courses');
});
afterEach(() => {
  showPagePreview(null);
  if (original.sheet) Object.defineProperty(window, 'CSSStyleSheet', original.sheet);
  Reflect.deleteProperty(document, 'adoptedStyleSheets');
  window.history.pushState({}, '', '/');
});

test('while the code comes, the slot shows the server\'s markup of this page, static, inert and busy, styled by its adopted sheets; the page replaces it in one commit and the sheets go with it', async () => {
  const load = deferred<{ default: typeof CoursesPage }>();
  setRemoteLoader(() => load.promise);
  document.title = 'Course | Northbridge Career Institute';
  render(<RemoteSlot id={COURSES} area="The course catalog" />);
  expect(screen.getByText('Loading The course catalog...')).toBeInTheDocument();

  act(() => showPagePreview(preview('/courses')));
  const card = screen.getByRole('heading', { name: 'Clinical Medical Assistant', hidden: true });
  const shown = card.closest('[data-page-preview]')!;
  expect(shown).toHaveAttribute('inert');
  expect(shown).toHaveAttribute('aria-busy', 'true');
  expect(shown.closest('[data-remote-slot]')).toHaveAttribute('data-remote-slot', COURSES);
  expect(shown.innerHTML).toBe(SERVER_MARKUP);
  expect(screen.queryByText(/Loading/)).not.toBeInTheDocument();
  expect(adopted()).toEqual(['.grid{display:grid}']);
  await act(async () => { await Promise.resolve(); });
  expect(document.title).toBe('Courses | Northbridge Career Institute');

  await act(async () => load.resolve({ default: CoursesPage }));
  expect(document.querySelector('[data-page-preview]')).toBeNull();
  expect(screen.getByRole('link', { name: 'Details' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Clinical Medical Assistant' }).closest('[inert]')).toBeNull();
  expect(adopted()).toEqual([]);
  // The route's title is back for the page, which names itself if it does (a page restoring the title it found on
  // leaving finds the route's).
  expect(document.title).toBe('Course | Northbridge Career Institute');
  // Used once.
  expect(pagePreview()).toBeNull();
});

test('a preview of another address or another module is not shown: nothing of one page appears on another', () => {
  setRemoteLoader(() => new Promise(() => undefined));
  act(() => showPagePreview(preview('/courses?category=health')));
  render(<RemoteSlot id={COURSES} area="The course catalog" />);
  expect(screen.getByText('Loading The course catalog...')).toBeInTheDocument();
  act(() => showPagePreview({ ...preview('/courses'), id: 'mf_content/BlogListPage' }));
  expect(screen.getByText('Loading The course catalog...')).toBeInTheDocument();
  expect(document.querySelector('[data-page-preview]')).toBeNull();
  expect(adopted()).toEqual([]);
});

test('leaving the page before its code arrives drops the preview and its stylesheets', () => {
  setRemoteLoader(() => new Promise(() => undefined));
  act(() => showPagePreview(preview('/courses')));
  const { unmount } = render(<RemoteSlot id={COURSES} area="The course catalog" />);
  expect(document.querySelector('[data-page-preview]')).not.toBeNull();
  expect(adopted()).toHaveLength(1);
  unmount();
  expect(adopted()).toEqual([]);
  expect(pagePreview()).toBeNull();
});

test('a browser without constructed stylesheets keeps the spinner: unstyled markup is not shown', () => {
  Reflect.deleteProperty(document, 'adoptedStyleSheets');
  setRemoteLoader(() => new Promise(() => undefined));
  act(() => showPagePreview(preview('/courses')));
  render(<RemoteSlot id={COURSES} area="The course catalog" />);
  expect(screen.getByText('Loading The course catalog...')).toBeInTheDocument();
  expect(document.querySelector('[data-page-preview]')).toBeNull();
});
