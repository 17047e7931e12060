import type { BlogCard } from '@institute/shared/contract';
import { ResponsiveImage } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import ui from '../../../components/admin-ui.module.css';
import { EditDeleteActions } from '../../../components/edit-delete-actions';

interface Props {
  blogs: BlogCard[];
  empty: string;
  deletingId: string | undefined;
  onDelete(blog: BlogCard): void;
  onEdit(blog: BlogCard): void;
}

export function BlogTable({ blogs, empty, deletingId, onDelete, onEdit }: Props) {
  const columns: Column<BlogCard>[] = [
    { header: 'Title', cell: (blog) => blog.title, className: ui.wrapAnywhere },
    {
      header: 'Image',
      cell: (blog) => <ResponsiveImage src={blog.imgUrl} alt={`Cover image for ${blog.title}`} width={80} height={60} sizes="80px" maxWidth={320} className={ui.thumb} />,
    },
    { header: 'Author', cell: (blog) => blog.author },
    { header: 'Category', cell: (blog) => blog.category },
    {
      header: 'Actions',
      cell: (blog) => <EditDeleteActions title={blog.title} deleting={deletingId === blog._id} onEdit={() => onEdit(blog)} onDelete={() => onDelete(blog)} />,
    },
  ];
  return <AdminTable caption="All Blogs" columns={columns} rows={blogs} rowKey={(blog) => blog._id} empty={empty} />;
}
