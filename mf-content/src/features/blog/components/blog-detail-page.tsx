import { Link, useParams } from '@institute/shared/router';
import type { Blog } from '@institute/shared/contract';
import { excerptWords, formatDate } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { ResponsiveImage } from '@institute/shared/ui';
import { useBlog } from '../api/get-blog';
import { useDocumentMeta } from '../hooks/use-document-meta';
import { BLOG_DETAIL_SIZES } from './blog-image-sizes';
import styles from './blog-detail.module.css';

/** Search snippets are about this long; a longer description is cut by the search engine anyway. */
const META_WORDS = 30;

const paragraphs = (content: string) => content.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

export function BlogDetailPage() {
  const { id = '' } = useParams();
  const { data: blog, isPending, isError } = useBlog(id);
  const summary = blog ? blog.description?.trim() || excerptWords(blog.content ?? '', META_WORDS) : undefined;
  useDocumentMeta(blog?.title, summary);

  if (isPending) return <Spinner />;
  if (isError || !blog) return <div className={styles.page}><ErrorState>Blog not found</ErrorState><BackLink /></div>;
  return <BlogArticle blog={blog} />;
}

function BackLink() {
  return <Link to="/blog" className={styles.back}>Back to all posts</Link>;
}

function BlogArticle({ blog }: { blog: Blog }) {
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <span className={styles.badge}>{blog.category}</span>
        <h1 className={styles.title}>{blog.title}</h1>
        <p className={styles.meta}>
          <span>By {blog.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
        </p>
        {blog.description ? <p className={styles.description}>{blog.description}</p> : null}
      </header>
      <ResponsiveImage className={styles.image} src={blog.imgUrl} alt={blog.title} width={1200} height={630}
        sizes={BLOG_DETAIL_SIZES} priority />
      <div className={styles.content}>
        {/* Rendered as text, never as markup: the post body is plain text split at its line breaks. */}
        {paragraphs(blog.content ?? '').map((text, index) => <p key={index}>{text}</p>)}
      </div>
      <BackLink />
    </article>
  );
}
