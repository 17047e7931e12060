import { act, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Route, Routes, useNavigate, type NavigateFunction } from '@institute/shared/router';
import { MemoryRouter } from '@institute/shared/router/server';
import { useHoldPage } from './page-hold';
import { keyFirstEntry, PageScroll } from './page-scroll';
import { RESTORE_GIVE_UP_MS } from './restore-position';

const router: { navigate?: NavigateFunction } = {};
function Navigator() {
  const navigateTo = useNavigate();
  useEffect(() => {
    router.navigate = navigateTo;
  }, [navigateTo]);
  return null;
}
/** Navigates, then lets the commit's microtasks (where a restoration starts) run. */
const navigate = (to: string | number, options?: { replace?: boolean }) =>
  act(async () => void (typeof to === 'number' ? router.navigate!(to) : router.navigate!(to, options)));

// The document's height as the browser would report it, and the observers that hear it change.
let pageHeight = 5000;
const resizeObservers = new Set<ResizeObserverCallback>();
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    resizeObservers.add(this.callback);
  }
  unobserve() {}
  disconnect() {
    resizeObservers.delete(this.callback);
  }
}
function pageGrowsTo(height: number) {
  pageHeight = height;
  act(() => resizeObservers.forEach((callback) => callback([], {} as ResizeObserver)));
}

const scrollTo = jest.fn();
beforeAll(() => {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => pageHeight });
  window.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  sessionStorage.clear();
  pageHeight = 5000;
  scrolledTo(0, { quietly: true });
  latePage.codeArrived = true;
});
afterEach(() => jest.useRealTimers());

/** The list's route: its remote page mounts when the test says (its code arriving), its placeholder until then. */
const latePage: { codeArrived: boolean; mount?: () => void } = { codeArrived: true };
function Placeholder() {
  useHoldPage();
  return <p>Loading the course catalog...</p>;
}
function LateListPage() {
  const [mounted, setMounted] = useState(latePage.codeArrived);
  useEffect(() => {
    latePage.mount = () => setMounted(true);
  }, []);
  return mounted ? <ul aria-label="Courses" /> : <Placeholder />;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageScroll />
      <Navigator />
      <Routes>
        <Route path="/courses" element={<LateListPage />} />
        <Route path="*" element={<p>page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function scrolledTo(y: number, { quietly = false } = {}) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  if (!quietly) window.dispatchEvent(new Event('scroll'));
}

const scrolledBackTo = (y: number) => scrollTo.mock.calls.filter(([, top]) => top === y).length;

describe('PageScroll', () => {
  it('leaves the first page where the browser put it', () => {
    renderAt('/courses');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('opens a new page at its top', async () => {
    renderAt('/courses');
    scrolledTo(900);
    await navigate('/login');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('keeps the position when only the query changes (a filter, a sort, Load more)', async () => {
    renderAt('/courses');
    scrolledTo(600);
    await navigate('/courses?sort=price', { replace: true });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('returns to where the visitor was on Back', async () => {
    renderAt('/courses');
    scrolledTo(1234);
    await navigate('/courses/c1');
    scrolledTo(0);
    await navigate(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1234);
  });

  it('keeps a position the visitor scrolled to before the page could listen (its code still on the way)', async () => {
    scrolledTo(700, { quietly: true });
    renderAt('/courses');
    await navigate('/courses/c1');
    await navigate(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
  });

  it('on Back, waits for a route page that mounts late, then scrolls once to where the visitor was', async () => {
    renderAt('/courses');
    scrolledTo(1234);
    await navigate('/courses/c1');
    scrolledTo(0);
    // Back: the list's remote page is not there yet, only its placeholder; the page is a screen tall.
    latePage.codeArrived = false;
    pageHeight = 900;
    await navigate(-1);
    expect(document.body).toHaveTextContent('Loading the course catalog...');
    scrolledTo(132); // the browser clamping the short page
    pageGrowsTo(1000);
    expect(scrolledBackTo(1234)).toBe(0);

    // The page mounts, with its items: the document is tall again.
    pageHeight = 5000;
    act(() => latePage.mount?.());
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1234);
    pageGrowsTo(6000);
    expect(scrolledBackTo(1234)).toBe(1);
  });

  it('on Back, waits for the page to be tall enough (its data arriving) before scrolling', async () => {
    renderAt('/courses');
    scrolledTo(3000);
    await navigate('/courses/c1');
    pageHeight = 1200;
    await navigate(-1);
    expect(scrolledBackTo(3000)).toBe(0);
    pageGrowsTo(2500);
    expect(scrolledBackTo(3000)).toBe(0);
    pageGrowsTo(4200);
    expect(scrolledBackTo(3000)).toBe(1);
  });

  it('does not jump once the visitor has scrolled the page themselves', async () => {
    renderAt('/courses');
    scrolledTo(3000);
    await navigate('/courses/c1');
    pageHeight = 1200;
    await navigate(-1);
    window.dispatchEvent(new Event('wheel'));
    scrolledTo(400);
    pageGrowsTo(5000);
    expect(scrolledBackTo(3000)).toBe(0);
    // And the position they chose is the one Back returns to next time.
    await navigate('/about');
    await navigate(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 400);
  });

  it('scrolls as near as it can when the page never grows tall enough', async () => {
    jest.useFakeTimers();
    renderAt('/courses');
    scrolledTo(3000);
    await navigate('/courses/c1');
    pageHeight = 1200;
    await navigate(-1);
    act(() => void jest.advanceTimersByTime(RESTORE_GIVE_UP_MS));
    expect(scrolledBackTo(3000)).toBe(1);
  });

  it('a new page opens at its top even while a Back still waits', async () => {
    renderAt('/courses');
    scrolledTo(3000);
    await navigate('/courses/c1');
    pageHeight = 1200;
    await navigate(-1);
    await navigate('/login');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    pageGrowsTo(5000);
    expect(scrolledBackTo(3000)).toBe(0);
  });
});

describe('keyFirstEntry', () => {
  it("gives a document's first entry a key of its own, kept across reloads", () => {
    window.history.replaceState(null, '');
    keyFirstEntry();
    const first = (window.history.state as { key: string }).key;
    expect(first).toEqual(expect.any(String));
    keyFirstEntry();
    expect((window.history.state as { key: string }).key).toBe(first);
    window.history.replaceState({ idx: 0 }, '');
    keyFirstEntry();
    expect(window.history.state).toEqual({ idx: 0, key: expect.any(String) });
    expect((window.history.state as { key: string }).key).not.toBe(first);
  });
});
