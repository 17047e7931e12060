import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { loadRemoteComponent, RemoteSlot, setRemoteLoader } from '.';

/** An IntersectionObserver the test moves: `reach()` brings every watched element near the viewport. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly watched: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback, readonly options?: IntersectionObserverInit) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) { this.watched.push(element); }
  disconnect() { this.disconnected = true; }
  static reach() {
    for (const observer of FakeObserver.all.filter((o) => !o.disconnected)) {
      const entries = observer.watched.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
let root: Root | null = null;

beforeEach(() => {
  FakeObserver.all = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
  jest.restoreAllMocks();
});

/** The checkout's widget: a button that works on its first click. */
function PayWidget({ onPay }: { onPay?: () => void }) {
  return <button type="button" onClick={onPay}>Pay Full ($900.00)</button>;
}

const slot = (onPay?: () => void) => (
  <RemoteSlot id="mf_checkout/ProgramPayment" area="Payments" props={{ onPay }} load="near-viewport" />
);

test('a near-viewport slot loads nothing until it nears the viewport, then its widget works on the first click', async () => {
  const loader = jest.fn(() => Promise.resolve({ default: PayWidget }));
  setRemoteLoader(loader);
  const onPay = jest.fn();
  render(slot(onPay));
  expect(screen.getByText('Loading Payments...')).toBeInTheDocument();
  expect(loader).not.toHaveBeenCalled();
  // It watches the placeholder itself (the slot's wrapper has no box), from ahead of the viewport.
  expect(FakeObserver.all[0]?.watched[0]).toBe(screen.getByRole('status'));
  expect(FakeObserver.all[0]?.options?.rootMargin).toBe('400px');

  await act(async () => FakeObserver.reach());
  expect(loader).toHaveBeenCalledTimes(1);
  fireEvent.click(await screen.findByRole('button', { name: 'Pay Full ($900.00)' }));
  expect(onPay).toHaveBeenCalledTimes(1);
  expect(FakeObserver.all[0]?.disconnected).toBe(true);
});

test('the first tap or key press on the page starts it too, wherever the slot is', async () => {
  const loader = jest.fn(() => Promise.resolve({ default: PayWidget }));
  setRemoteLoader(loader);
  render(slot());
  expect(loader).not.toHaveBeenCalled();
  await act(async () => { fireEvent.keyDown(document.body, { key: 'Tab' }); });
  expect(await screen.findByRole('button', { name: 'Pay Full ($900.00)' })).toBeInTheDocument();
  expect(loader).toHaveBeenCalledTimes(1);
});

test('hydrates the server\'s placeholder without a mismatch and keeps it, unchanged, until the slot nears the viewport', async () => {
  const loader = jest.fn(() => Promise.resolve({ default: PayWidget }));
  setRemoteLoader(loader);
  const container = document.createElement('div');
  // What the server sends: the slot as it renders before hydration.
  container.innerHTML = renderToString(slot());
  document.body.append(container);
  const placeholder = container.querySelector('[role="status"]');
  const recoverable = jest.fn();
  const errors = jest.spyOn(console, 'error');
  await act(async () => { root = hydrateRoot(container, slot(), { onRecoverableError: recoverable }); });
  expect(container.querySelector('[role="status"]')).toBe(placeholder);
  expect(loader).not.toHaveBeenCalled();
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  await act(async () => FakeObserver.reach());
  expect(await screen.findByRole('button', { name: 'Pay Full ($900.00)' })).toBeInTheDocument();
});

test('a module already loaded renders at once; a browser without IntersectionObserver loads it at once', async () => {
  setRemoteLoader(() => Promise.resolve({ default: PayWidget }));
  await act(async () => { await loadRemoteComponent('mf_checkout/ProgramPayment'); });
  const first = render(slot());
  expect(screen.getByRole('button', { name: 'Pay Full ($900.00)' })).toBeInTheDocument();
  first.unmount();

  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
  const loader = jest.fn(() => Promise.resolve({ default: PayWidget }));
  setRemoteLoader(loader);
  render(slot());
  expect(await screen.findByRole('button', { name: 'Pay Full ($900.00)' })).toBeInTheDocument();
  expect(loader).toHaveBeenCalledTimes(1);
});

test('an eager slot (the default) loads as soon as it mounts, without watching the viewport', async () => {
  const loader = jest.fn(() => Promise.resolve({ default: PayWidget }));
  setRemoteLoader(loader);
  render(<RemoteSlot id="mf_checkout/ProgramPayment" area="Payments" />);
  expect(await screen.findByRole('button', { name: 'Pay Full ($900.00)' })).toBeInTheDocument();
  expect(FakeObserver.all).toHaveLength(0);
});
