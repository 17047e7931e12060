/**
 * C0 control characters (and DEL) have no place in text people type. NUL in particular cannot be stored in a
 * PostgreSQL text column at all, so it must be refused before any query (issue 15, item 7).
 */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** Tab, line feed and carriage return are text in multi-line fields; every other control character is not. */
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Fields whose text may span lines (rich text, descriptions, messages), whatever object they sit in. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['description', 'content', 'message']);

export function hasControlCharacters(text: string, multiline: boolean): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL).test(text);
}

export const controlCharacterMessage = (field: string) => `Field "${field}" must not contain control characters.`;

/**
 * The path (as validation messages name it, e.g. `content[2]`) of the first string or key holding a control
 * character that its field does not allow, or null. `allMultiline` is for foreign formats (CSP reports).
 */
export function findControlCharacters(value: unknown, allMultiline = false, path = '', field = ''): string | null {
  if (typeof value === 'string') {
    return hasControlCharacters(value, allMultiline || MULTILINE_FIELDS.has(field)) ? path || 'body' : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findControlCharacters(value[i], allMultiline, `${path}[${i}]`, field);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasControlCharacters(key, false)) return path || JSON.stringify(key).slice(1, -1);
      const found = findControlCharacters(item, allMultiline, at, key);
      if (found !== null) return found;
    }
  }
  return null;
}
