/**
 * A value built the first time it is asked for. For Intl formatters: each costs milliseconds to construct (several
 * times that on a phone), and a module that built them at its top level did so inside the shell's start-up task,
 * the longest of a page's load, whether or not the page formats a date or a price (docs/decisions/058).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
