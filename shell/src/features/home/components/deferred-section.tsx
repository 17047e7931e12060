import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Committed, usePageContext, WithPageContext, type PageContext } from './section-island';
import styles from './deferred-section.module.css';

interface DeferredSectionProps {
  id?: string;
  /** Reserved height, close to the section's real height, so loading it shifts nothing. */
  minHeight: string;
  /**
   * The section is in the page's HTML: rendered in the prerender, its remote's part by the site server per request
   * (decision 060). In the browser that HTML stays as it is until the section nears the viewport; then `preload`
   * (every chunk its first render needs) runs and the section hydrates in place, as a root of its own.
   */
  serverRendered?: {
    /** Names the section in the HTML (`data-section`), where the browser finds the server's markup before hydrating. */
    name: string;
    preload(): Promise<unknown>;
  };
  children: ReactNode;
}

const canObserve = () => typeof IntersectionObserver !== 'undefined';
/** Someone reaching for the page (a tap, the keyboard) may be heading for the section: it hydrates then too. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;
const ON_SERVER = typeof document === 'undefined';

/** The HTML the server left in this section's element, read before hydration; null when there is none. */
function serverHtml(name: string): string | null {
  if (ON_SERVER) return null;
  return document.querySelector(`[data-section="${CSS.escape(name)}"]`)?.innerHTML ?? null;
}

/** True once the element comes within 600 px of the viewport (and, with `onIntent`, once the visitor first interacts). */
function useNear(ref: React.RefObject<HTMLDivElement | null>, onIntent: boolean): boolean {
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
    const reach = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reach();
    }, { rootMargin: '600px 0px' });
    observer.observe(slot);
    if (onIntent) for (const type of INTENT_EVENTS) window.addEventListener(type, reach, { once: true, passive: true, capture: true });
    return () => {
      observer.disconnect();
      if (onIntent) for (const type of INTENT_EVENTS) window.removeEventListener(type, reach, { capture: true });
    };
  }, [ref, near, onIntent]);
  return near;
}

/**
 * Hydrates the server's HTML of a section in `ref` as its own root once `near`, with the page's session and router;
 * later changes of those reach it once it has hydrated. An update before then would make React draw it again.
 */
function useSectionRoot(ref: React.RefObject<HTMLDivElement | null>, near: boolean, html: string | null, props: DeferredSectionProps, placeholder: ReactNode) {
  const context = usePageContext();
  const latest = useRef({ context, props, placeholder });
  // First among the effects, so the ones below read this render's values.
  useEffect(() => { latest.current = { context, props, placeholder }; });
  const root = useRef<{ root: Root; hydrated: boolean; with: PageContext } | null>(null);
  const tree = useCallback((ctx: PageContext, onCommit: () => void) => {
    const { props: p, placeholder: fallback } = latest.current;
    return (
      <WithPageContext context={ctx}>
        <Suspense fallback={fallback}>
          {p.children}
          <Committed onCommit={onCommit} />
        </Suspense>
      </WithPageContext>
    );
  }, []);
  const onCommit = useCallback(() => {
    const current = root.current;
    if (!current || current.hydrated) return;
    current.hydrated = true;
    // The page may have changed meanwhile (the session restored): the section catches up now.
    const now = latest.current.context;
    const was = current.with;
    if (now.auth !== was.auth || now.location !== was.location || now.navigationType !== was.navigationType) current.root.render(tree(now, () => undefined));
  }, [tree]);

  useEffect(() => {
    if (html === null || !near || root.current) return;
    let cancelled = false;
    void latest.current.props.serverRendered!.preload().then(() => {
      if (cancelled || !ref.current) return;
      const { context: now } = latest.current;
      root.current = { root: hydrateRoot(ref.current, tree(now, onCommit)), hydrated: false, with: now };
    });
    return () => { cancelled = true; };
  }, [html, near, ref, tree, onCommit]);

  useEffect(() => {
    if (root.current?.hydrated) root.current.root.render(tree(context, () => undefined));
  }, [context.auth, context.location, context.navigationType, tree]); // eslint-disable-line react-hooks/exhaustive-deps -- the parts, not the object made each render

  // Unmounted after this commit: a root cannot be unmounted while React renders another.
  useEffect(() => () => {
    const section = root.current;
    root.current = null;
    if (section) setTimeout(() => section.root.unmount(), 0);
  }, []);
}

/**
 * Mounts its (lazy) children only when the slot comes near the viewport, so a section's code and the
 * remotes it uses are fetched on demand. Without IntersectionObserver everything mounts at once. A section
 * `serverRendered` is in the page's HTML and hydrates there instead (see the prop).
 */
export function DeferredSection(props: DeferredSectionProps) {
  const { id, minHeight, serverRendered, children } = props;
  const ref = useRef<HTMLDivElement>(null);
  // Read once, before hydration changes anything: the section's HTML stays the server's until it hydrates.
  const [html] = useState(() => (serverRendered ? serverHtml(serverRendered.name) : null));
  const near = useNear(ref, html !== null);
  const placeholder = <div className={styles.placeholder} style={{ minHeight }} aria-hidden="true" />;
  useSectionRoot(ref, near, html, props, placeholder);
  const attributes = { id, ref, className: styles.slot, style: { minHeight }, ...(serverRendered ? { 'data-section': serverRendered.name } : {}) };
  // The prerender renders the section whole; the browser keeps that HTML, which its own root hydrates.
  if (serverRendered && ON_SERVER) return <div {...attributes}><Suspense fallback={placeholder}>{children}</Suspense></div>;
  if (html !== null) return <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div {...attributes}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
