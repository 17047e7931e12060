import { useBlogs } from '@institute/shared/api';
import { Banner, EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { BlogCard } from './blog-card';
import styles from './blog-grid.module.css';

export function BlogListPage() {
  const { data, isPending, isError, refetch } = useBlogs();

  let body;
  if (isPending) body = <Spinner label="Loading blogs..." />;
  else if (isError) body = <ErrorState onRetry={() => void refetch()}>Failed to fetch blogs</ErrorState>;
  else if (data.length === 0) body = <EmptyState>No blog posts yet.</EmptyState>;
  else
    body = (
      <div className={styles.grid}>
        {data.map((blog, index) => <BlogCard key={blog._id} blog={blog} eager={index === 0} />)}
      </div>
    );

  return (
    <>
      <Banner title="Blogs" />
      <section className={styles.page} aria-busy={isPending}>{body}</section>
    </>
  );
}
