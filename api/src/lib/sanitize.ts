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

/** Rich text (course descriptions and contents): safe markup only, sanitised before it is stored. */
export function richText(html: string): string {
  return sanitizeHtml(html, RICH).trim();
}

/**
 * Plain text (titles, names, blog bodies) is kept exactly as typed, apart from surrounding whitespace: it is never
 * markup, so there is nothing to sanitize. `A &lt;b&gt; B` stays those characters and `<img onerror=…>` stays text;
 * every client renders these fields as text (React escapes them, the first HTML escapes them), never as markup.
 * Stripping tags and decoding entities here (issue 28) changed what people typed and made it unsavable.
 */
export function plainText(text: string): string {
  return text.trim();
}

export function richContent(content: string | string[]): string | string[] {
  return Array.isArray(content) ? content.map(richText).filter((item) => item !== '') : richText(content);
}
