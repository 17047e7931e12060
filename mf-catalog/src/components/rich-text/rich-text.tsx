import { contentItems, sanitizeHtml } from '@institute/shared/safe-html';
import styles from './rich-text.module.css';

/** Server rich text, always through DOMPurify; never rendered raw. */
export function RichText({ html, empty }: { html: string | undefined; empty: string }) {
  const safe = html ? sanitizeHtml(html) : '';
  if (safe.trim() === '') return <p className={styles.muted}>{empty}</p>;
  return <div className={styles.rich} dangerouslySetInnerHTML={{ __html: safe }} />;
}

/** Content may be an array of (markup) strings or one markup string with list items. */
export function ContentList({ content, empty }: { content: string | string[] | undefined; empty: string }) {
  const items = contentItems(content);
  if (items.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item, index) => (
        <li key={index} dangerouslySetInnerHTML={{ __html: item }} />
      ))}
    </ul>
  );
}
