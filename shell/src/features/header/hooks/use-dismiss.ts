import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'outside' | 'escape';

/**
 * Closes a popup (menu, dropdown) when the pointer or focus lands outside `ref`, or on Escape.
 * Listeners exist only while the popup is open, so closed popups cost nothing.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, onDismiss: (reason: DismissReason) => void): void {
  const latest = useRef(onDismiss);
  latest.current = onDismiss;

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) latest.current('outside');
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current('escape');
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, ref]);
}
