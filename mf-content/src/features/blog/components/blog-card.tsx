import { memo, useId } from 'react';
import { Link } from '@institute/shared/router';
import type { BlogCard as BlogCardData } from '@institute/shared/contract';
import { CARD_EXCERPT_WORDS, excerptWords, formatDate } from '@institute/shared/rules';
import { ResponsiveImage } from '@institute/shared/ui';
import { BLOG_LIST_SIZES } from './blog-image-sizes';
import styles from './blog-card.module.css';

/** The spec's 20 words; a post's card shape carries no more (the API cuts at the same count). */
export const EXCERPT_WORDS = CARD_EXCERPT_WORDS;

interface Props {
  blog: BlogCardData;
  /** h2 on the blog page, h3 inside the home page's section. */
  headingLevel?: 2 | 3;
  /** Cards in the first row are likely on screen at load, so they are not lazy. */
  eager?: boolean;
  /** A list's later card: its image waits for the page's load and its approach to the viewport (decision 057). */
  deferImage?: boolean;
  /** The image's `sizes`: the column width of the grid the card is in (the blog page's unless said). */
  sizes?: string;
}

/**
 * Memo: a card's post does not change while it is listed (a page appended keeps the earlier pages' objects), so
 * "Load more" and the list's own updates render only the new cards (decision 061).
 */
export const BlogCard = memo(function BlogCard({ blog, headingLevel = 2, eager = false, deferImage = false, sizes = BLOG_LIST_SIZES }: Props) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <ResponsiveImage className={styles.image} src={blog.imgUrl} alt={blog.title} width={640} height={360}
        sizes={sizes} priority={eager} defer={deferImage} />
      <div className={styles.body}>
        <div className={styles.meta}>
          <span className={styles.badge}>{blog.category}</span>
          <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
        </div>
        <Heading id={titleId} className={styles.title}>{blog.title}</Heading>
        <p className={styles.author}>By {blog.author}</p>
        <p className={styles.excerpt}>{excerptWords(blog.content ?? '', EXCERPT_WORDS)}</p>
        {/* Every card shows "Read More"; the hidden rest names the post, for screen readers and search engines alike. */}
        <Link to={`/blog/${encodeURIComponent(blog._id)}`} className={styles.more}>
          Read More<span className="visually-hidden">: {blog.title}</span>
        </Link>
      </div>
    </article>
  );
});

/** Same boxes as a card (its own classes, empty), shown while posts load so the section does not jump. */
export function BlogCardPlaceholder() {
  const bar = (name: string) => `${styles[name]} ${styles.bar}`;
  return (
    <div className={styles.card} data-testid="blog-card-placeholder" aria-hidden="true">
      <div className={styles.imageBox} />
      <div className={styles.body}>
        <div className={styles.meta}><span className={bar('badge')}>&nbsp;</span></div>
        <span className={bar('title')} />
        <span className={bar('author')} />
        <span className={bar('excerpt')} />
        <span className={bar('more')}>&nbsp;</span>
      </div>
    </div>
  );
}
