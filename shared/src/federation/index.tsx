import { Component, lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { RemoteModuleId } from '../contract';
import { Spinner } from '../ui/spinner';
import { useHydrated } from '../ui/use-hydrated';
import styles from './remote-slot.module.css';

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

/** Markup the site server rendered for a remote's page (docs/decisions/018), by module id; read once, before hydration. */
const serverSlots = new Map<RemoteModuleId, string>();

/**
 * The shell hands over, before it hydrates, the remote pages the server rendered into the HTML: each slot then
 * keeps that markup until the module's code has arrived, instead of a placeholder.
 */
export function setServerRenderedSlots(slots: Iterable<[RemoteModuleId, string]>): void {
  serverSlots.clear();
  for (const [id, html] of slots) serverSlots.set(id, html);
}

/**
 * The wrapper every slot renders in; `display: contents`, so it adds no box. The site server finds slots by it.
 * Server-rendered markup is inert (as the server sent it): its buttons and fields do nothing until the module mounts.
 */
function Slot({ id, children, html }: { id: RemoteModuleId; children?: ReactNode; html?: string }) {
  return html !== undefined
    ? <div className={styles.slot} data-remote-slot={id} inert dangerouslySetInnerHTML={{ __html: html }} />
    : <div className={styles.slot} data-remote-slot={id}>{children}</div>;
}

/**
 * Renders one remote module inside an error boundary and Suspense; "Try again" loads it afresh. While prerendered
 * HTML hydrates (and on the server) it renders its fallback, the same markup the page was prerendered with; the
 * module itself mounts right after. Where the server rendered the module's page into the HTML, the slot keeps that
 * markup (static, the same the module renders) until the module's code is loaded, then mounts the module in its
 * place in one step, so nothing moves and no spinner shows in between.
 */
export function RemoteSlot<P extends object>({ id, area, props, fallback }: { id: RemoteModuleId; area: string; props?: P; fallback?: ReactNode }) {
  const hydrated = useHydrated();
  const [serverHtml] = useState(() => serverSlots.get(id));
  const [attempt, setAttempt] = useState(0);
  const [Lazy, setLazy] = useState(() => lazy(() => loadRemoteComponent(id)));
  // A module that has already arrived (fetched ahead of the click) mounts in the first paint, with no placeholder.
  const [Loaded, setLoaded] = useState<{ Component: RemoteComponent } | null>(() => {
    const Component = serverHtml === undefined ? loadedRemoteComponent(id) : null;
    return Component ? { Component } : null;
  });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (serverHtml === undefined) return;
    serverSlots.delete(id);
    // A transition, so the module's page (24 cards on a list) renders in slices that yield to the browser: as a
    // plain update React rendered it in one task, the longest of the load (0.4 s on a busy 2-core machine, 1.7 s
    // of Lighthouse's 4x-slowed phone; decision 032). The server's markup stays on screen meanwhile.
    loadRemoteComponent(id).then((mod) => startTransition(() => setLoaded({ Component: mod.default })), () => setFailed(true));
  }, [id, serverHtml]);
  const retry = () => {
    setLazy(() => lazy(() => loadRemoteComponent(id)));
    setLoaded(null);
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  const placeholder = fallback ?? <Spinner label={`Loading ${area}...`} />;
  if (serverHtml !== undefined && !Loaded && !failed && attempt === 0) return <Slot id={id} html={serverHtml} />;
  if (!hydrated) return <Slot id={id}>{placeholder}</Slot>;
  const content = Loaded && attempt === 0 ? <Loaded.Component {...(props ?? {})} /> : <Lazy {...(props ?? {})} />;
  return (
    <Slot id={id}>
      <RemoteBoundary key={attempt} id={id} area={area} onRetry={retry}>
        {failed && attempt === 0 ? <Failed id={id} /> : <Suspense fallback={placeholder}>{content}</Suspense>}
      </RemoteBoundary>
    </Slot>
  );
}

/** Throws inside the boundary, so a module that failed to load behind server-rendered markup shows the same fallback. */
function Failed({ id }: { id: RemoteModuleId }): never {
  throw new RemoteLoadError(id, 'The module could not be loaded.');
}
