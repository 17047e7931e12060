import { fieldLabel } from './validation-message';

/**
 * C0 control characters (and DEL) have no place in text people type. NUL in particular cannot be stored in a
 * PostgreSQL text column at all, so it must be refused before any query (issue 15, item 7).
 */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** Tab, line feed and carriage return are text in multi-line fields; every other control character is not. */
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Fields whose text may span lines (rich text, descriptions, messages, the agreement's body), whatever object they sit in. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['description', 'content', 'message', 'body']);

export function hasControlCharacters(text: string, multiline: boolean): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL).test(text);
}

export const controlCharacterMessage = (field: string) => `${fieldLabel(field)} must not contain control characters.`;

/**
 * The path (as validation messages name it, e.g. `content[2]`) of the first string or key holding a control
 * character that its field does not allow, or null. `allMultiline` is for foreign formats (CSP reports).
 * A loop over an explicit stack, not recursion: however deep a body nests, the walk cannot exhaust the call stack.
 */
export function findControlCharacters(value: unknown, allMultiline = false): string | null {
  const pending: { value: unknown; path: string; field: string }[] = [{ value, path: '', field: '' }];
  while (pending.length > 0) {
    const { value: item, path, field } = pending.pop()!;
    if (typeof item === 'string') {
      if (hasControlCharacters(item, allMultiline || MULTILINE_FIELDS.has(field))) return path || 'body';
    } else if (Array.isArray(item)) {
      // Pushed last to first, so items are looked at in order and the first offending one is named.
      for (let i = item.length - 1; i >= 0; i -= 1) pending.push({ value: item[i], path: `${path}[${i}]`, field });
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (const [key] of entries) {
        if (hasControlCharacters(key, false)) return path || JSON.stringify(key).slice(1, -1);
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        pending.push({ value: child, path: path ? `${path}.${key}` : key, field: key });
      }
    }
  }
  return null;
}
