import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { RemoteModuleId } from '../contract';
import { Spinner } from '../ui/spinner';
import { useHydrated } from '../ui/use-hydrated';
import styles from './remote-slot.module.css';

type Loader = (id: RemoteModuleId) => Promise<{ default: ComponentType<any> }>;

let loader: Loader | null = null;

/**
 * The shell registers its federation runtime's loader here at start. Remotes load other remotes
 * (catalog -> checkout's ProgramPayment) through it, so registration, retries and fallbacks live in one place.
 */
export function setRemoteLoader(fn: Loader): void {
  loader = fn;
}

export function loadRemoteComponent(id: RemoteModuleId): Promise<{ default: ComponentType<any> }> {
  if (!loader) return Promise.reject(new Error('No module loader is registered; the shell sets it at start.'));
  return loader(id);
}

interface BoundaryProps {
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

/**
 * Renders one remote module inside an error boundary and Suspense; "Try again" loads it afresh. While prerendered
 * HTML hydrates (and on the server) it renders its fallback, the same markup the page was prerendered with; the
 * module itself mounts right after.
 */
export function RemoteSlot<P extends object>({ id, area, props, fallback }: { id: RemoteModuleId; area: string; props?: P; fallback?: ReactNode }) {
  const hydrated = useHydrated();
  const [attempt, setAttempt] = useState(0);
  const [Lazy, setLazy] = useState(() => lazy(() => loadRemoteComponent(id)));
  const retry = () => {
    setLazy(() => lazy(() => loadRemoteComponent(id)));
    setAttempt((n) => n + 1);
  };
  const placeholder = fallback ?? <Spinner label={`Loading ${area}...`} />;
  if (!hydrated) return placeholder;
  return (
    <RemoteBoundary key={attempt} area={area} onRetry={retry}>
      <Suspense fallback={placeholder}>
        <Lazy {...(props ?? {})} />
      </Suspense>
    </RemoteBoundary>
  );
}
