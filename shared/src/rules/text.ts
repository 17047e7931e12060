/** dd.mm.yyyy, the spec's date format; empty for an unreadable date. */
export function formatDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getFullYear()}`;
}

/** Removes tags and collapses whitespace; for previews only, never for rendering markup. */
export function stripMarkup(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a text a list card shows at most (a post's content, a program's description): the card shape (`fields=card`) carries only these. */
export const CARD_EXCERPT_WORDS = 20;

/** The first `count` words followed by an ellipsis when the text is longer. */
export function excerptWords(text: string, count: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}...` : words.join(' ');
}

/** Case-insensitive "title starts with" match used by the header search. */
export function titleStartsWith(title: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q !== '' && title.toLowerCase().startsWith(q);
}
