import { useEffect, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { RemoteModuleId } from '../contract';
import styles from './remote-slot.module.css';

/**
 * The site server's HTML of a remote page a click is on its way to (docs/decisions/064): what its slot shows while
 * the module's code is still coming, instead of a spinner.
 */
export interface PagePreview {
  id: RemoteModuleId;
  /** The path and query the server rendered it for: it shows only while the address is this one. */
  url: string;
  /** The slot's inner markup as the server rendered it (signed out, like a first load's). */
  html: string;
  /** The text of each stylesheet that markup needs and this document has not loaded yet. */
  styles: string[];
  /** The page's own title from that HTML. */
  title?: string;
}

let current: PagePreview | null = null;
const listeners = new Set<() => void>();

/** Offers a page's server HTML to the slot that will show it; null withdraws it. One at a time. */
export function showPagePreview(preview: PagePreview | null): void {
  current = preview;
  for (const listener of [...listeners]) listener();
}

/** The preview on offer (tests, and the shell deciding whether one is still waiting). */
export function pagePreview(): PagePreview | null {
  return current;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
};

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * The page's own stylesheets arrive with its code; until then its server HTML is styled by the stylesheets that HTML
 * carried inline. A `<style>` added now would be refused by the page's CSP (inline styles are allowed by hash, per
 * response); a constructed stylesheet is not an element and Chromium does not apply style-src to it. Without
 * constructed stylesheets the preview is not shown: unstyled markup would be worse than the spinner.
 */
const canAdopt = () => typeof CSSStyleSheet === 'function' && typeof document !== 'undefined'
  && 'adoptedStyleSheets' in document && typeof CSSStyleSheet.prototype.replaceSync === 'function';

/**
 * A slot's placeholder while its module loads: the server's markup of this very page when a click fetched it
 * (static, inert, aria-busy, in the box the page will have; the page's render replaces it in one commit), else
 * `children` (the area's spinner). Its stylesheets are adopted while it shows and dropped with it, once the page's
 * own are in or the visitor has left; it is used once.
 */
export function PreviewOr({ id, children }: { id: RemoteModuleId; children: ReactNode }) {
  const preview = useSyncExternalStore(subscribe, pagePreview, () => null);
  const shown = preview && preview.id === id && preview.url === here() && canAdopt() ? preview : null;
  useLayoutEffect(() => {
    if (!shown) return undefined;
    const sheets = shown.styles.map((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...sheets];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
      if (current === shown) showPagePreview(null);
    };
  }, [shown]);
  // After the route's own title (an effect earlier in the tree): a course's or a post's name, as on a first load.
  // Given back when the preview goes: a page that restores the title it found when it leaves (a post) must find the
  // route's, not the preview's, or Back to the list would keep the post's name.
  useEffect(() => {
    const title = shown?.title;
    if (!title) return undefined;
    const before = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = before;
    };
  }, [shown]);
  if (!shown) return <>{children}</>;
  return <div className={styles.slot} inert aria-busy="true" data-page-preview="" dangerouslySetInnerHTML={{ __html: shown.html }} />;
}
