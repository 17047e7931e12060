import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './deferred-section.module.css';

interface DeferredSectionProps {
  id?: string;
  /** Reserved height, close to the section's real height, so loading it shifts nothing. */
  minHeight: string;
  children: ReactNode;
}

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * Mounts its (lazy) children only when the slot comes near the viewport, so a section's code and the
 * remotes it uses are fetched on demand. Without IntersectionObserver everything mounts at once.
 */
export function DeferredSection({ id, minHeight, children }: DeferredSectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Starts far on the server and in the first render alike, so prerendered HTML and hydration agree.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const slot = ref.current;
    if (near || !slot) return undefined;
    if (!canObserve()) {
      // After hydration, not in the first render: that one must match the prerendered HTML (see `near`).
      // eslint-disable-next-line react-hooks/set-state-in-effect -- mounting right after hydration is the intent
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(slot);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <div className={styles.placeholder} style={{ minHeight }} aria-hidden="true" />;
  return (
    <div id={id} ref={ref} className={styles.slot} style={{ minHeight }}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
