import { createBrowserHistory, createMemoryHistory, createPath, createStaticHistory, parsePath, resolveTo } from './history';

describe('paths', () => {
  it('splits and joins a path', () => {
    expect(parsePath('/courses?q=web#top')).toEqual({ pathname: '/courses', search: '?q=web', hash: '#top' });
    expect(parsePath('?q=1')).toEqual({ pathname: '/', search: '?q=1', hash: '' });
    expect(createPath({ pathname: '/blog', search: 'page=2', hash: 'x' })).toBe('/blog?page=2#x');
  });

  it('resolves absolute, query-only, hash-only and relative targets', () => {
    const from = { pathname: '/admin/blogs', search: '?page=2', hash: '' };
    expect(resolveTo('/login', from)).toBe('/login');
    expect(resolveTo('?page=3', from)).toBe('/admin/blogs?page=3');
    expect(resolveTo('#top', from)).toBe('/admin/blogs?page=2#top');
    expect(resolveTo('edit', from)).toBe('/admin/blogs/edit');
    expect(resolveTo('../users', from)).toBe('/admin/users');
    expect(resolveTo({ search: '?q=a' }, from)).toBe('/admin/blogs?q=a');
  });
});

describe('browser history', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('pushes with a state and a new key, and tells its listeners', () => {
    const history = createBrowserHistory();
    const seen: string[] = [];
    const stop = history.listen((location) => seen.push(`${location.pathname}${location.search}`));
    history.push('/courses?q=web', { from: '/' });
    expect(window.location.pathname).toBe('/courses');
    expect(history.location).toMatchObject({ pathname: '/courses', search: '?q=web', state: { from: '/' } });
    expect(history.location.key).not.toBe('default');
    history.replace('/blog');
    expect(history.location.state).toBeNull();
    expect(seen).toEqual(['/courses?q=web', '/blog']);
    stop();
  });

  it('reads an entry another script pushed without any state', () => {
    const history = createBrowserHistory();
    const seen: string[] = [];
    const stop = history.listen((location) => seen.push(`${location.pathname}:${location.key}`));
    window.history.pushState(null, '', '/gallery');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(seen).toEqual(['/gallery:default']);
    history.push('/blog');
    expect(history.location).toMatchObject({ pathname: '/blog', state: null });
    stop();
  });

  it('follows Back through popstate', async () => {
    const history = createBrowserHistory();
    const seen: string[] = [];
    const stop = history.listen((location) => seen.push(location.pathname));
    history.push('/about');
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    history.go(-1);
    await popped;
    expect(seen).toEqual(['/about', '/']);
    stop();
  });
});

describe('memory history', () => {
  it('starts at the last entry, and a push drops the entries ahead', () => {
    const history = createMemoryHistory(['/a', '/b', '/c'], 1);
    expect(history.location.pathname).toBe('/b');
    history.push('/d');
    history.go(1);
    expect(history.location.pathname).toBe('/d');
    history.go(-1);
    expect(history.location.pathname).toBe('/b');
  });
});

describe('static history', () => {
  it('stays where it was put and refuses to move', () => {
    const history = createStaticHistory('/blog/7?ref=home');
    expect(history.location).toMatchObject({ pathname: '/blog/7', search: '?ref=home', state: null });
    expect(() => history.push('/')).toThrow(/cannot navigate/);
  });
});
