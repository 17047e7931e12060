import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useNavigate, type NavigateFunction } from '@institute/shared/router';
import { MemoryRouter } from '@institute/shared/router/server';
import { PageScroll } from './page-scroll';

const router: { navigate?: NavigateFunction } = {};
function Navigator() {
  const navigateTo = useNavigate();
  useEffect(() => {
    router.navigate = navigateTo;
  }, [navigateTo]);
  return null;
}
const navigate = (to: string | number, options?: { replace?: boolean }) =>
  void (typeof to === 'number' ? router.navigate!(to) : router.navigate!(to, options));

const scrollTo = jest.fn();
beforeEach(() => {
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  sessionStorage.clear();
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageScroll />
      <Navigator />
      <Routes>
        <Route path="*" element={<p>page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('PageScroll', () => {
  it('leaves the first page where the browser put it', () => {
    renderAt('/courses');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('opens a new page at its top', () => {
    renderAt('/courses');
    scrolledTo(900);
    act(() => navigate('/login'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('keeps the position when only the query changes (a filter, a sort, Load more)', () => {
    renderAt('/courses');
    scrolledTo(600);
    act(() => navigate('/courses?sort=price', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('returns to where the visitor was on Back', () => {
    renderAt('/courses');
    scrolledTo(1234);
    act(() => navigate('/courses/c1'));
    scrolledTo(0);
    act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1234);
  });
});
