import { Suspense, type ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { loadedRemoteComponent, loadRemoteComponent, RemoteLoadError, RemoteSlot, setRemoteErrorListener, setRemoteLoader, setServerRenderedSlots } from '.';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  setServerRenderedSlots([]);
  setRemoteErrorListener(null);
  jest.restoreAllMocks();
});

/** A remote's page: a heading and a button that only works once hydrated. */
function CoursesPage({ onEnroll }: { onEnroll?: () => void }) {
  return (
    <>
      <h1>Courses</h1>
      <button type="button" onClick={onEnroll}>Enroll</button>
    </>
  );
}

/**
 * What the site server sends for a server-rendered remote page (decision 018): the slot inside the area's Suspense
 * boundary (the shell's WithQueries), inert, holding the page's own server markup.
 */
function serverPage(id: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = `<!--$--><div class="slot" data-remote-slot="${id}" inert=""><h1>Courses</h1><button type="button">Enroll</button></div><!--/$-->`;
  document.body.append(container);
  return container;
}

function hydrate(container: HTMLElement, element: ReactElement, onRecoverableError: (error: unknown) => void) {
  act(() => {
    root = hydrateRoot(container, <Suspense fallback={<p>Loading the area...</p>}>{element}</Suspense>, { onRecoverableError });
  });
}

describe('a page the server rendered into the slot', () => {
  test('hydrates in place when the module arrives: the same elements, inert until then, no mismatch', async () => {
    const load = deferred<{ default: typeof CoursesPage }>();
    setRemoteLoader(() => load.promise);
    const errors = jest.spyOn(console, 'error');
    const recoverable = jest.fn();
    const onEnroll = jest.fn();
    const container = serverPage('mf_catalog/CoursesPage');
    const heading = container.querySelector('h1');
    const slot = container.querySelector('[data-remote-slot]');
    setServerRenderedSlots(['mf_catalog/CoursesPage']);
    hydrate(container, <RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" props={{ onEnroll }} />, recoverable);
    // Waiting for the code: the server's markup stays, static and inert, with no spinner.
    expect(slot).toHaveAttribute('inert');
    expect(screen.queryByText(/Loading/)).not.toBeInTheDocument();
    await act(async () => load.resolve({ default: CoursesPage }));
    // Adopted, not drawn again: the very elements the server sent, now live.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('[data-remote-slot]')).toBe(slot);
    expect(slot).not.toHaveAttribute('inert');
    act(() => screen.getByRole('button', { name: 'Enroll' }).click());
    expect(onEnroll).toHaveBeenCalledTimes(1);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  test('a module loaded before hydration (the shell starts it first) hydrates in the first pass', async () => {
    setRemoteLoader(() => Promise.resolve({ default: CoursesPage }));
    await act(async () => { await loadRemoteComponent('mf_catalog/CoursesPage'); });
    const recoverable = jest.fn();
    const container = serverPage('mf_catalog/CoursesPage');
    const heading = container.querySelector('h1');
    setServerRenderedSlots(['mf_catalog/CoursesPage']);
    hydrate(container, <RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />, recoverable);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('[data-remote-slot]')).not.toHaveAttribute('inert');
    expect(recoverable).not.toHaveBeenCalled();
  });

  test('the page renders once: the slot dropping inert after hydration does not render it (and its cards) again', async () => {
    const renders = jest.fn();
    const Page = ({ onEnroll }: { onEnroll?: () => void }) => {
      renders();
      return <CoursesPage onEnroll={onEnroll} />;
    };
    setRemoteLoader(() => Promise.resolve({ default: Page }));
    await act(async () => { await loadRemoteComponent('mf_catalog/CoursesPage'); });
    const props = { onEnroll: jest.fn() };
    const container = serverPage('mf_catalog/CoursesPage');
    setServerRenderedSlots(['mf_catalog/CoursesPage']);
    hydrate(container, <RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" props={props} />, jest.fn());
    expect(container.querySelector('[data-remote-slot]')).not.toHaveAttribute('inert');
    expect(renders).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole('button', { name: 'Enroll' }).click());
    expect(props.onEnroll).toHaveBeenCalledTimes(1);
  });

  test('shows the area fallback when the module behind server-rendered markup fails to load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = deferred<{ default: typeof CoursesPage }>();
    setRemoteLoader(() => load.promise);
    const container = serverPage('mf_content/BlogListPage');
    setServerRenderedSlots(['mf_content/BlogListPage']);
    hydrate(container, <RemoteSlot id="mf_content/BlogListPage" area="The blog" />, () => undefined);
    await act(async () => load.reject(new Error('down')));
    expect(await screen.findByText('The blog is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('only the first mount hydrates: the page visited again renders afresh from the loaded module', async () => {
    setRemoteLoader(() => Promise.resolve({ default: CoursesPage }));
    await act(async () => { await loadRemoteComponent('mf_catalog/CoursesPage'); });
    const container = serverPage('mf_catalog/CoursesPage');
    setServerRenderedSlots(['mf_catalog/CoursesPage']);
    hydrate(container, <RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />, () => undefined);
    act(() => root?.unmount());
    root = null;
    render(<RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />);
    expect(screen.getByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Courses' }).closest('[data-remote-slot]')).not.toHaveAttribute('inert');
  });
});
test('without server-rendered markup, loads the module behind its placeholder as before', async () => {
  const load = deferred<{ default: () => ReactElement }>();
  setRemoteLoader(() => load.promise);
  render(<RemoteSlot id="mf_content/GalleryPage" area="The gallery" />);
  expect(screen.getByText('Loading The gallery...')).toBeInTheDocument();
  await act(async () => load.resolve({ default: () => <p>Gallery</p> }));
  expect(await screen.findByText('Gallery')).toBeInTheDocument();
});

test('a module whose code arrived before the slot mounts (fetched ahead of the click) renders in the first paint', async () => {
  setRemoteLoader(() => Promise.resolve({ default: ({ title }: { title: string }) => <h1>{title}</h1> }));
  await act(async () => { await loadRemoteComponent('mf_content/BlogListPage'); });
  expect(loadedRemoteComponent('mf_content/BlogListPage')).not.toBeNull();
  render(<RemoteSlot id="mf_content/BlogListPage" area="The blog" props={{ title: 'Blogs' }} />);
  // Synchronously, before any promise settles: no placeholder frame in between.
  expect(screen.getByRole('heading', { name: 'Blogs' })).toBeInTheDocument();
  expect(screen.queryByText('Loading The blog...')).not.toBeInTheDocument();
});

test('a slot mounted again after its module loaded renders the module at once, with no placeholder in between', async () => {
  const load = deferred<{ default: () => ReactElement }>();
  const loader = jest.fn(() => load.promise);
  setRemoteLoader(loader);
  const first = render(<RemoteSlot id="mf_content/ContactPage" area="The contact form" />);
  expect(screen.getByText('Loading The contact form...')).toBeInTheDocument();
  await act(async () => load.resolve({ default: () => <p>The contact form itself</p> }));
  expect(screen.getByText('The contact form itself')).toBeInTheDocument();
  first.unmount();
  // Back to the page: the module is on screen in the very first render, so the page has its height at once.
  render(<RemoteSlot id="mf_content/ContactPage" area="The contact form" />);
  expect(screen.getByText('The contact form itself')).toBeInTheDocument();
  expect(screen.queryByText('Loading The contact form...')).not.toBeInTheDocument();
  expect(loader).toHaveBeenCalledTimes(1);
});

describe('errors reported to the shell (module health)', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  test("a module that throws while rendering is reported once, with the slot's module id", async () => {
    const listener = jest.fn();
    setRemoteErrorListener(listener);
    const Broken = () => { throw new Error('render boom'); };
    setRemoteLoader(() => Promise.resolve({ default: Broken }));
    render(<RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />);
    expect(await screen.findByText('The course catalog is unavailable right now.')).toBeInTheDocument();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('mf_catalog/CoursesPage', expect.objectContaining({ message: 'render boom' }));
  });

  test('a module that fails to load is not reported as an error (its loader reports the failed load)', async () => {
    const listener = jest.fn();
    setRemoteErrorListener(listener);
    setRemoteLoader(() => Promise.reject(new Error('ChunkLoadError')));
    render(<RemoteSlot id="mf_content/GalleryPage" area="The gallery" />);
    expect(await screen.findByText('The gallery is unavailable right now.')).toBeInTheDocument();
    await expect(loadRemoteComponent('mf_content/GalleryPage')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(listener).not.toHaveBeenCalled();
  });

  test('a listener that throws does not break the fallback', async () => {
    setRemoteErrorListener(() => { throw new Error('listener down'); });
    const Broken = () => { throw new Error('render boom'); };
    setRemoteLoader(() => Promise.resolve({ default: Broken }));
    render(<RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
