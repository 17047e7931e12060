import { useState } from 'react';
import type { Blog } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { useBlogList, useDeleteBlog } from '../api/blogs';
import { BlogForm } from './blog-form';
import { BlogTable } from './blog-table';
import ui from '../../../components/admin-ui.module.css';

export function BlogSection() {
  const blogs = useBlogList();
  const remove = useDeleteBlog();
  const [editing, setEditing] = useState<Blog | null>(null);

  const onDelete = (blog: Blog) => {
    if (!window.confirm('Are you sure you want to delete this blog?')) return;
    remove.mutate(blog._id);
  };

  return (
    <>
      <BlogForm editing={editing} onDone={() => setEditing(null)} />
      <h2 className={ui.subtitle}>All Blogs</h2>
      {remove.isError ? <p role="alert" className={ui.error}>Failed to delete blog</p> : null}
      {blogs.isPending ? (
        <Spinner label="Loading blogs..." />
      ) : blogs.isError ? (
        <ErrorState>Failed to fetch blogs</ErrorState>
      ) : blogs.data.length === 0 ? (
        <EmptyState>No blogs found</EmptyState>
      ) : (
        <BlogTable blogs={blogs.data} deletingId={remove.isPending ? remove.variables : undefined} onDelete={onDelete} onEdit={setEditing} />
      )}
    </>
  );
}
