import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { loadedRemoteComponent, loadRemoteComponent, RemoteLoadError, RemoteSlot, setRemoteErrorListener, setRemoteLoader, setServerRenderedSlots } from '.';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

afterEach(() => {
  setServerRenderedSlots([]);
  setRemoteErrorListener(null);
});

test('keeps the server-rendered markup, inert, until the module has loaded, then mounts the module in its place', async () => {
  const load = deferred<{ default: () => ReactElement }>();
  setRemoteLoader(() => load.promise);
  setServerRenderedSlots([['mf_catalog/CoursesPage', '<h1>Courses</h1><p>From the server</p>']]);
  const { container } = render(<RemoteSlot id="mf_catalog/CoursesPage" area="The course catalog" />);
  expect(screen.getByText('From the server')).toBeInTheDocument();
  expect(container.querySelector('[data-remote-slot]')).toHaveAttribute('inert');
  expect(screen.queryByText(/Loading/)).not.toBeInTheDocument();
  await act(async () => load.resolve({ default: () => <><h1>Courses</h1><p>From the module</p></> }));
  expect(screen.getByText('From the module')).toBeInTheDocument();
  expect(screen.queryByText('From the server')).not.toBeInTheDocument();
  expect(container.querySelector('[data-remote-slot]')).not.toHaveAttribute('inert');
});

test('shows the area fallback when the module behind server-rendered markup fails to load', async () => {
  const load = deferred<{ default: () => ReactElement }>();
  setRemoteLoader(() => load.promise);
  setServerRenderedSlots([['mf_content/BlogListPage', '<p>From the server</p>']]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<RemoteSlot id="mf_content/BlogListPage" area="The blog" />);
  await act(async () => load.reject(new Error('down')));
  expect(await screen.findByText('The blog is unavailable right now.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
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
