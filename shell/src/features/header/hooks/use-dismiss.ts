import { useEffect, useEffectEvent, type RefObject } from 'react';

export type DismissReason = 'outside' | 'escape';

/**
 * Closes a popup (menu, dropdown) when the pointer or focus lands outside `ref`, or on Escape.
 * Listeners exist only while the popup is open, so closed popups cost nothing.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, onDismiss: (reason: DismissReason) => void): void {
  // The latest onDismiss, without re-adding the listeners whenever the caller passes a new function.
  const dismiss = useEffectEvent(onDismiss);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) dismiss('outside');
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss('escape');
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
