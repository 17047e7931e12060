import sanitizeHtml from 'sanitize-html';

// Basic formatting, lists, headings and links; no script/style, no event handlers, no inline styles.
const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'code', 'pre',
    'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'a', 'span', 'sub', 'sup', 'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links that open a new tab must not hand the opener to the target page.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

const NONE: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Rich text (course descriptions and contents): safe markup only, sanitised before it is stored. */
export function richText(html: string): string {
  return sanitizeHtml(html, RICH).trim();
}

/**
 * Plain text (titles, names, blog bodies): every tag removed, entities turned back into characters
 * because clients render these as text, never as markup. Line breaks are kept.
 */
export function plainText(text: string): string {
  return sanitizeHtml(text, NONE).replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity).trim();
}

export function richContent(content: string | string[]): string | string[] {
  return Array.isArray(content) ? content.map(richText).filter((item) => item !== '') : richText(content);
}
