import { useState } from 'react';
import { statusText } from '@institute/shared/api';
import type { BlogCard } from '@institute/shared/contract';
import { ErrorState, LoadMore, Spinner } from '@institute/shared/ui';
import { ListToolbar } from '../../../components/list-toolbar';
import { useListFilters } from '../../../lib/use-list-filters';
import { useBlogPages, useBlogPost, useDeleteBlog } from '../api/blogs';
import { BlogForm } from './blog-form';
import { BlogTable } from './blog-table';
import ui from '../../../components/admin-ui.module.css';

/** Posts are listed newest first only: the order writers look for. */
const SORTS = ['newest'] as const;

export function BlogSection() {
  const filters = useListFilters(SORTS, 'newest');
  const blogs = useBlogPages(filters.q);
  const remove = useDeleteBlog();
  const [editingId, setEditingId] = useState<string | null>(null);
  const post = useBlogPost(editingId);
  // The table holds cards; the form opens on the whole post, read when Edit is pressed.
  const editing = editingId !== null && post.data?._id === editingId ? post.data : null;

  const onDelete = (blog: BlogCard) => {
    if (!window.confirm('Are you sure you want to delete this blog?')) return;
    remove.mutate(blog._id, { onSuccess: () => { if (editingId === blog._id) setEditingId(null); } });
  };

  return (
    <>
      {editingId !== null && !editing && post.isError ? (
        <p role="alert" className={ui.error}>{statusText(post.error, 'Failed to load blog')}</p>
      ) : null}
      {editingId !== null && !editing && !post.isError
        ? <Spinner label="Loading blog..." />
        : <BlogForm editing={editing} onDone={() => setEditingId(null)} />}
      <h2 className={ui.subtitle}>All Blogs</h2>
      <ListToolbar noun="blogs" search={filters.search} onSearch={filters.setSearch} />
      {remove.isError ? <p role="alert" className={ui.error}>Failed to delete blog</p> : null}
      {blogs.isPending ? (
        <Spinner label="Loading blogs..." />
      ) : blogs.isError ? (
        <ErrorState>Failed to fetch blogs</ErrorState>
      ) : (
        <>
          <BlogTable blogs={blogs.items} empty={filters.q ? `No blogs match “${filters.q}”` : 'No blogs found'}
            deletingId={remove.isPending ? remove.variables : undefined} onDelete={onDelete} onEdit={(blog) => setEditingId(blog._id)} />
          {blogs.items.length > 0 ? (
            <LoadMore noun="blogs" hasMore={blogs.hasMore} loading={blogs.loadingMore} onMore={blogs.loadMore}
              count={{ shown: blogs.items.length, total: blogs.total }} />
          ) : null}
        </>
      )}
    </>
  );
}
