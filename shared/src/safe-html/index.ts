import DOMPurify from 'dompurify';

let purifier: ReturnType<typeof DOMPurify> = DOMPurify;

/**
 * Where there is no browser (a page rendered on the server, decision 018) the sanitizer works on the DOM of the
 * window it is given (jsdom's), so the server's markup is the browser's, sanitized the same way.
 */
export function sanitizeWith(window: Parameters<typeof DOMPurify>[0]): void {
  purifier = DOMPurify(window);
}

/** Rich text from the server is sanitized again before rendering: defence in depth against stored XSS. */
export function sanitizeHtml(html: string): string {
  if (!purifier.isSupported) throw new Error('No DOM to sanitize with: call sanitizeWith(window) first.');
  return purifier.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}

/** List items of a content value: an array of strings or markup strings, or one markup string with <li>s. */
export function contentItems(content: string | string[] | undefined): string[] {
  if (!content) return [];
  if (Array.isArray(content)) return content.map(sanitizeHtml).filter((s) => s.trim() !== '');
  const items = [...content.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => sanitizeHtml(m[1] ?? ''));
  return items.length > 0 ? items.filter((s) => s.trim() !== '') : [sanitizeHtml(content)].filter((s) => s.trim() !== '');
}
