import DOMPurify from 'dompurify';

/** Rich text from the server is sanitized again before rendering: defence in depth against stored XSS. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}

/** List items of a content value: an array of strings or markup strings, or one markup string with <li>s. */
export function contentItems(content: string | string[] | undefined): string[] {
  if (!content) return [];
  if (Array.isArray(content)) return content.map(sanitizeHtml).filter((s) => s.trim() !== '');
  const items = [...content.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => sanitizeHtml(m[1] ?? ''));
  return items.length > 0 ? items.filter((s) => s.trim() !== '') : [sanitizeHtml(content)].filter((s) => s.trim() !== '');
}
