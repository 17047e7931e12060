import { useId } from 'react';
import { Link } from '@institute/shared/router';
import { useQuery } from '@tanstack/react-query';
import { LATEST_BLOGS, latestBlogsQuery } from '@institute/shared/api';
import { EmptyState, ErrorState } from '@institute/shared/ui';
import { BlogCard, BlogCardPlaceholder } from './blog-card';
import { BLOG_HOME_SIZES } from './blog-image-sizes';
import styles from './blog-grid.module.css';

const COUNT = LATEST_BLOGS;

/** The home page's blog section: the newest posts (only those are read), with their space held while they load. */
export function BlogHighlights() {
  const headingId = useId();
  const { data: page, isPending, isError } = useQuery(latestBlogsQuery());
  const data = page?.items ?? [];

  let body;
  if (isPending)
    body = (
      <div className={styles.grid}>
        {Array.from({ length: COUNT }, (_, i) => <BlogCardPlaceholder key={i} />)}
      </div>
    );
  else if (isError) body = <ErrorState>Failed to fetch blogs</ErrorState>;
  else if (data.length === 0) body = <EmptyState>No blog posts yet.</EmptyState>;
  else
    body = (
      <div className={styles.grid}>
        {data.map((blog) => <BlogCard key={blog._id} blog={blog} headingLevel={3} sizes={BLOG_HOME_SIZES} />)}
      </div>
    );

  return (
    <section className={styles.highlights} aria-labelledby={headingId} aria-busy={isPending}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>From Our Blog</h2>
        <Link to="/blog" className={styles.all}>View all posts</Link>
      </div>
      {body}
    </section>
  );
}
