import { matchPath, matchRoutes, rankOf } from './match';

describe('matchPath', () => {
  it('reads a parameter, decoded', () => {
    expect(matchPath('/courses/:id', '/courses/abc%20d')).toEqual({ params: { id: 'abc d' }, pathname: '/courses/abc%20d' });
  });

  it('ignores case in static segments and a trailing slash', () => {
    expect(matchPath('/Quick-Programs', '/quick-programs/')).not.toBeNull();
  });

  it('refuses a path longer or shorter than the pattern, and an empty parameter', () => {
    expect(matchPath('/courses/:id', '/courses/1/edit')).toBeNull();
    expect(matchPath('/courses/:id', '/courses')).toBeNull();
    expect(matchPath('/courses/:id', '/courses//')).toBeNull();
  });

  it('gives a catch-all the rest of the path, also none of it', () => {
    expect(matchPath('/admin/*', '/admin/users/7')?.params).toEqual({ '*': 'users/7' });
    expect(matchPath('/admin/*', '/admin')?.params).toEqual({ '*': '' });
    expect(matchPath('*', '/')?.params).toEqual({ '*': '' });
  });

  it('keeps a malformed escape as it is instead of throwing', () => {
    expect(matchPath('/blog/:id', '/blog/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });
});

describe('matchRoutes', () => {
  const routes = [{ path: '*' }, { path: '/courses/:id' }, { path: '/courses/new' }, { path: '/' }];

  it('prefers a static segment to a parameter, and anything to a catch-all', () => {
    expect(matchRoutes(routes, '/courses/new')?.[0]?.route.path).toBe('/courses/new');
    expect(matchRoutes(routes, '/courses/42?x=1')?.[0]).toMatchObject({ route: { path: '/courses/:id' }, params: { id: '42' } });
    expect(matchRoutes(routes, '/nowhere')?.[0]?.route.path).toBe('*');
    expect(matchRoutes(routes, { pathname: '/' })?.[0]?.route.path).toBe('/');
  });

  it('answers null when nothing matches', () => {
    expect(matchRoutes([{ path: '/about' }], '/contact')).toBeNull();
  });

  it('ranks as react-router does', () => {
    expect(rankOf('/courses/new')).toBeGreaterThan(rankOf('/courses/:id'));
    expect(rankOf('/courses/:id')).toBeGreaterThan(rankOf('/courses/*'));
    expect(rankOf('/', true)).toBeGreaterThan(rankOf('/'));
  });
});
