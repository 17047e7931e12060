import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])',
  'iframe', '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
}

export interface FocusTrapOptions {
  onEscape(): void;
  /** Where focus lands on open: the dialog itself (read from its label) or its first control. */
  initialFocus?: 'container' | 'first';
  /** Where focus returns on close; by default whatever had it when the dialog opened. */
  returnFocusTo?: HTMLElement | null;
}

/**
 * Modal keyboard behaviour for every module's dialogs: focus moves in, Tab wraps at both ends, focus that
 * escapes (into an iframe's page, say) is pulled back, Escape closes, the page behind does not scroll, and on
 * close focus returns where the visitor was.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, { onEscape, initialFocus = 'container', returnFocusTo }: FocusTrapOptions) {
  // A fresh callback each render must not re-run the effect: that would bounce focus back into the dialog.
  const escape = useRef(onEscape);
  useLayoutEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const opener = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    (initialFocus === 'first' ? (focusables(root)[0] ?? root) : root).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        root.focus();
        return;
      }
      // Focus can sit on <body> after a click on the backdrop; Tab then re-enters at the matching end.
      const active = document.activeElement;
      const outside = !active || active === root || !root.contains(active);
      if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) root.focus();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, initialFocus, returnFocusTo]);
}
