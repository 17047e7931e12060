import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode, type Ref } from 'react';
import type { RemoteModuleId } from '../contract';
import { Spinner } from '../ui/spinner';
import { useHydrated } from '../ui/use-hydrated';
import { useRenderOnArrival } from '../ui/use-render-on-arrival';
import { PreviewOr } from './page-preview';
import styles from './remote-slot.module.css';
import { useNearViewport } from './use-near-viewport';

export { pagePreview, showPagePreview, type PagePreview } from './page-preview';

/** A remote's exposed component. Its props are its expose's (EXPOSES in the contract), which a loader cannot know. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props differ per expose; any component must fit here
export type RemoteComponent = ComponentType<any>;

type Loader = (id: RemoteModuleId) => Promise<{ default: RemoteComponent }>;

let loader: Loader | null = null;

/**
 * The shell registers its federation runtime's loader here at start. Remotes load other remotes
 * (catalog -> checkout's ProgramPayment) through it, so registration, retries and fallbacks live in one place.
 */
export function setRemoteLoader(fn: Loader): void {
  loader = fn;
  // What an earlier loader delivered is not this one's: a new loader starts with nothing loaded.
  loaded.clear();
  hydrating.clear();
}

/** Modules whose code has arrived, so a slot mounting after a prefetch renders them at once instead of suspending. */
const loaded = new Map<RemoteModuleId, RemoteComponent>();

/**
 * A module whose code did not arrive. Error boundaries see it as they see a render error; this class tells them
 * apart, so the shell counts a failed load once (its loader reports it) and not again as an error.
 */
export class RemoteLoadError extends Error {
  constructor(readonly id: RemoteModuleId, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'RemoteLoadError';
  }
}

export function loadRemoteComponent(id: RemoteModuleId): Promise<{ default: RemoteComponent }> {
  if (!loader) return Promise.reject(new RemoteLoadError(id, 'No module loader is registered; the shell sets it at start.'));
  const loading = loader(id).catch((error: unknown) => {
    throw error instanceof RemoteLoadError ? error : new RemoteLoadError(id, error);
  });
  loading.then((mod) => loaded.set(id, mod.default), () => loaded.delete(id));
  return loading;
}

type ErrorListener = (id: RemoteModuleId, error: unknown) => void;
let errorListener: ErrorListener | null = null;

/**
 * The shell listens here for errors a remote throws while rendering, caught by its slot's boundary (module health,
 * decision 039). One listener; null stops listening.
 */
export function setRemoteErrorListener(listener: ErrorListener | null): void {
  errorListener = listener;
}

/** The component of a module already loaded (a prefetch before the click, an earlier visit), else null. */
export function loadedRemoteComponent(id: RemoteModuleId): RemoteComponent | null {
  return loaded.get(id) ?? null;
}

interface BoundaryProps {
  id: RemoteModuleId;
  area: string;
  onRetry(): void;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.area}]`, error);
    if (error instanceof RemoteLoadError) return;
    try {
      errorListener?.(this.props.id, error);
    } catch {
      /* reporting never breaks the fallback */
    }
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={styles.fallback} data-testid="remote-fallback">
        <p className={styles.title}>{this.props.area} is unavailable right now.</p>
        <p>The rest of the site keeps working. Please try again in a moment.</p>
        <button type="button" className={styles.retry} onClick={() => { this.setState({ failed: false }); this.props.onRetry(); }}>
          Try again
        </button>
      </div>
    );
  }
}

/** Remote pages the site server rendered into the HTML (docs/decisions/018), by module id; read once, before hydration. */
const serverSlots = new Set<RemoteModuleId>();

/**
 * The shell hands over, before it hydrates, the remote pages the server rendered into the HTML: each such slot
 * hydrates that markup with the module's page once its code has arrived, instead of drawing it again.
 */
export function setServerRenderedSlots(ids: Iterable<RemoteModuleId>): void {
  serverSlots.clear();
  hydrating.clear();
  for (const id of ids) serverSlots.add(id);
}

/**
 * The wrapper every slot renders in; `display: contents`, so it adds no box. The site server finds slots by it.
 * A server-rendered slot is inert (as the server sent it) until it has hydrated: its buttons and fields do nothing
 * before the module's code is there.
 */
function Slot({ id, children, inert, ref }: { id: RemoteModuleId; children?: ReactNode; inert?: boolean; ref?: Ref<HTMLDivElement> }) {
  return <div ref={ref} className={styles.slot} data-remote-slot={id} inert={inert || undefined}>{children}</div>;
}

/**
 * The page a server-rendered slot waits for, one per module and page load. Not state: a first render that suspends
 * keeps no state, so a component made there would be made again on every retry, each one loading anew.
 */
const hydrating = new Map<RemoteModuleId, RemoteComponent>();
function hydratingPage(id: RemoteModuleId): RemoteComponent {
  let page = hydrating.get(id);
  if (!page) hydrating.set(id, (page = lazy(() => loadRemoteComponent(id))));
  return page;
}

/**
 * A server-rendered remote page, hydrated (docs/decisions/042). The tree is the one the server rendered inside the
 * slot (the page, and nothing that adds markup), so React adopts the server's elements rather than replacing them.
 * No Suspense boundary of its own here, since the server's markup has none: while the code is on its way, the page
 * suspends into the enclosing boundary (the area's WithQueries), whose server markup stays on screen, static, and
 * hydrates when the code arrives, while the rest of the shell is already interactive.
 */
function HydratedRemote({ id, area, props, onRetry }: { id: RemoteModuleId; area: string; props?: object; onRetry(): void }) {
  const hydrated = useHydrated();
  // The module if it is here (the shell waits for it before hydrating), else the one lazy page of this load.
  const [Page] = useState<RemoteComponent>(() => loadedRemoteComponent(id) ?? hydratingPage(id));
  // The same element while the props are: when the slot drops `inert` right after the page hydrated, the page and its
  // cards are not rendered again (decision 061).
  const page = useMemo(() => <Page {...(props ?? {})} />, [Page, props]);
  return (
    <Slot id={id} inert={!hydrated}>
      <RemoteBoundary id={id} area={area} onRetry={onRetry}>
        {page}
      </RemoteBoundary>
    </Slot>
  );
}

/** A lazy page of one module, and the load it awaits (started by its first render), for useRenderOnArrival. */
function lazyRemote(id: RemoteModuleId): { Lazy: RemoteComponent; load: () => Promise<unknown> } {
  let loading: Promise<{ default: RemoteComponent }> | null = null;
  const load = () => (loading ??= loadRemoteComponent(id));
  return { Lazy: lazy(load), load };
}

/**
 * When a slot's module loads: `eager`, as soon as the page is hydrated (a page's main content); `near-viewport`, once
 * the slot comes near the viewport or the visitor first interacts with the page (a widget lower on the page, whose
 * code need not load and run before the page is interactive; docs/decisions/058). A module already loaded renders
 * at once either way.
 */
export type RemoteSlotLoad = 'eager' | 'near-viewport';

interface RemoteSlotProps<P> {
  id: RemoteModuleId;
  area: string;
  props?: P;
  fallback?: ReactNode;
  load?: RemoteSlotLoad;
}

/**
 * Renders one remote module inside an error boundary and Suspense; "Try again" loads it afresh. While prerendered
 * HTML hydrates (and on the server) it renders its fallback, the same markup the page was prerendered with; the
 * module itself mounts right after (or, with `load="near-viewport"`, once the slot nears the viewport, its fallback
 * staying as the server sent it until then). Where the server rendered the module's page into the HTML, the module
 * hydrates that markup in place (HydratedRemote): nothing moves, no spinner shows, and no element is drawn twice.
 * After a click whose press fetched this page's server HTML, that HTML is the placeholder (PreviewOr, decision 064).
 */
export function RemoteSlot<P extends object>({ id, area, props, fallback, load = 'eager' }: RemoteSlotProps<P>) {
  const hydrated = useHydrated();
  const slotRef = useRef<HTMLDivElement>(null);
  const waitsForViewport = load === 'near-viewport' && loadedRemoteComponent(id) === null;
  const near = useNearViewport(slotRef, hydrated && waitsForViewport);
  // Read, not taken, here: a render that suspends is started over and must decide the same way; the effect takes it.
  const [serverRendered] = useState(() => serverSlots.has(id));
  const [attempt, setAttempt] = useState(0);
  const [lazyPage, setLazyPage] = useState(() => lazyRemote(id));
  // A module that has already arrived (fetched ahead of the click) mounts in the first paint, with no placeholder.
  const [Loaded, setLoaded] = useState<{ Component: RemoteComponent } | null>(() => {
    const Component = serverRendered ? null : loadedRemoteComponent(id);
    return Component ? { Component } : null;
  });
  useEffect(() => {
    // Only the first mount of a slot finds the server's markup; a later visit to the page renders it afresh.
    if (serverRendered) serverSlots.delete(id);
  }, [id, serverRendered]);
  const retry = () => {
    setLazyPage(lazyRemote(id));
    setLoaded(null);
    setAttempt((n) => n + 1);
  };
  const hydratesServerMarkup = serverRendered && attempt === 0;
  const waits = !hydrated || (waitsForViewport && !near);
  const lazyRenders = !hydratesServerMarkup && !waits && !(Loaded && attempt === 0);
  // The page shows as soon as its code is here, not when React's retry of the boundary is allowed to commit.
  useRenderOnArrival(lazyRenders ? lazyPage.load : null);
  const placeholder = fallback ?? <Spinner label={`Loading ${area}...`} />;
  if (hydratesServerMarkup) return <HydratedRemote id={id} area={area} props={props} onRetry={retry} />;
  if (waits) return <Slot id={id} ref={slotRef}>{placeholder}</Slot>;
  const { Lazy } = lazyPage;
  const content = Loaded && attempt === 0 ? <Loaded.Component {...(props ?? {})} /> : <Lazy {...(props ?? {})} />;
  return (
    <Slot id={id}>
      <RemoteBoundary key={attempt} id={id} area={area} onRetry={retry}>
        {/* A click that fetched the page's server HTML shows it here while the code comes (decision 064). */}
        <Suspense fallback={<PreviewOr id={id}>{placeholder}</PreviewOr>}>{content}</Suspense>
      </RemoteBoundary>
    </Slot>
  );
}

