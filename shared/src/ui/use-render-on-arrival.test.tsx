import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';
import { markFirstRenderDone, useRenderOnArrival } from './use-render-on-arrival';

/** A lazy page whose code arrives when the test says so, and the load it awaits. */
function deferredPage() {
  let arrive: () => void = () => undefined;
  const code = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <h1>The page</h1> });
  });
  const load = () => code;
  return { Page: lazy(load), load, arrive: () => arrive() };
}

function Route({ page, nudge }: { page: ReturnType<typeof deferredPage>; nudge: boolean }) {
  useRenderOnArrival(nudge ? page.load : null);
  return <Suspense fallback={<p>Loading the page...</p>}><page.Page /></Suspense>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Well under React's 300 ms hold on a retry after a fallback, well over what rendering one heading takes.
const SOON_MS = 120;

/**
 * Rendered as in the browser, outside act(): act() commits at once and would hide React's hold on retries. Answers
 * whether the page was on screen SOON_MS after its code arrived.
 */
async function shownSoonAfterArrival(nudge: boolean): Promise<boolean> {
  const page = deferredPage();
  const container = document.createElement('div');
  document.body.append(container);
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  let root: Root | null = null;
  try {
    root = createRoot(container);
    root.render(<Route page={page} nudge={nudge} />);
    for (let i = 0; i < 100 && !container.textContent?.includes('Loading the page...'); i++) await wait(10);
    expect(container).toHaveTextContent('Loading the page...');
    page.arrive();
    await wait(SOON_MS);
    return container.textContent?.includes('The page') ?? false;
  } finally {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    await act(async () => root?.unmount());
    container.remove();
  }
}

describe('useRenderOnArrival', () => {
  beforeAll(() => markFirstRenderDone());

  it('shows a page as soon as its code arrives after a fallback', async () => {
    expect(await shownSoonAfterArrival(true)).toBe(true);
  });

  it('is needed: without it React holds the page back after showing the fallback', async () => {
    expect(await shownSoonAfterArrival(false)).toBe(false);
  });
});
