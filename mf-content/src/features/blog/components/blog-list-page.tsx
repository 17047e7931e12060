import { blogPagesQuery, usePagedList } from '@institute/shared/api';
import type { BlogCard as BlogCardData, BlogCardPage } from '@institute/shared/contract';
import { Banner, EmptyState, ErrorState, LoadMore, Spinner } from '@institute/shared/ui';
import { BlogCard } from './blog-card';
import styles from './blog-grid.module.css';

/** Posts a page at a time from the server, newest first; the first page is in the first HTML, "Load more" appends. */
export function BlogListPage() {
  const list = usePagedList<BlogCardData, BlogCardPage>((firstLimit) => blogPagesQuery({}, firstLimit));

  let body;
  if (list.isPending) body = <Spinner label="Loading blogs..." />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()}>Failed to fetch blogs</ErrorState>;
  else if (list.items.length === 0) body = <EmptyState>No blog posts yet.</EmptyState>;
  else
    body = (
      <>
        <div className={styles.grid}>
          {list.items.map((blog, index) => <BlogCard key={blog._id} blog={blog} eager={index === 0} deferImage={index > 0} />)}
        </div>
        <LoadMore noun="posts" hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore}
          count={list.hasMore ? { shown: list.items.length, total: list.total } : undefined} />
      </>
    );

  return (
    <>
      <Banner title="Blogs" />
      <section className={styles.page} aria-busy={list.isPending}>{body}</section>
    </>
  );
}
