import { useCallback, useRef } from 'react';
import { inquiriesApi } from '@institute/shared/api';

/**
 * The server's signed "form started" token, asked for when the visitor first focuses the form (not on page load,
 * which stays free of calls) and awaited on submit. A failed call leaves it null: the form still sends its email.
 */
export function useFormToken() {
  const pending = useRef<Promise<string | null> | null>(null);
  const start = useCallback(() => {
    pending.current ??= inquiriesApi.formToken().then((answer) => answer.token, (error: unknown) => {
      console.error('No form token; the message is emailed but not stored', error);
      return null;
    });
    return pending.current;
  }, []);
  /** After a send the next message starts afresh, so its fill time counts from its own start. */
  const reset = useCallback(() => {
    pending.current = null;
  }, []);
  return { start, reset };
}
