import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs`; an empty value passes at once (nothing to ask for). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '' || delayMs <= 0) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- an empty value passes at once, by design
      setSettled(value);
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
