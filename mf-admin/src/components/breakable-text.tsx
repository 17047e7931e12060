import { Fragment } from 'react';

/** Before a separator (".", "_", "-", "+") and after "@": where an email or a username reads on when split. */
const BREAK_POINTS = /(?=[._+-])|(?<=@)/;

/**
 * A name or email as text that wraps at its own separators (`maya.k` / `@example` / `.test`) rather than letter by
 * letter: the column keeps the width of its longest part, so a table shares its width without squeezing this one.
 * A part too long for any column still breaks (`overflow-wrap: anywhere` where it is used).
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(BREAK_POINTS);
  return <>{parts.map((part, index) => <Fragment key={index}>{index > 0 ? <wbr /> : null}{part}</Fragment>)}</>;
}
