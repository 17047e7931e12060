import type { BlogCard } from '@institute/shared/contract';
import { ResponsiveImage } from '@institute/shared/ui';
import ui from '../../../components/admin-ui.module.css';
import { DeleteButton } from '../../../components/delete-button';

interface Props {
  blogs: BlogCard[];
  deletingId: string | undefined;
  onDelete(blog: BlogCard): void;
  onEdit(blog: BlogCard): void;
}

export function BlogTable({ blogs, deletingId, onDelete, onEdit }: Props) {
  return (
    <div className={ui.tableWrap}>
      <table className={`${ui.table} ${ui.cards}`}>
        <caption>All Blogs</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Image</th>
            <th scope="col">Author</th>
            <th scope="col">Category</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {blogs.map((blog) => (
            <tr key={blog._id}>
              <td data-label="Title" className={ui.wrapAnywhere}>{blog.title}</td>
              <td>
                <ResponsiveImage src={blog.imgUrl} alt={`Cover image for ${blog.title}`} width={80} height={60} sizes="80px" maxWidth={320} className={ui.thumb} />
              </td>
              <td data-label="Author">{blog.author}</td>
              <td data-label="Category">{blog.category}</td>
              <td data-label="Actions">
                <div className={ui.actions}>
                  <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Edit ${blog.title}`} onClick={() => onEdit(blog)}>
                    Edit
                  </button>
                  <DeleteButton label={`Delete ${blog.title}`} deleting={deletingId === blog._id} onDelete={() => onDelete(blog)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
