import type { Blog, GalleryImage, MessageResponse } from '../../contract';
import { request } from '@institute/shared/api';

export type BlogFields = Pick<Blog, 'title' | 'imgUrl' | 'content' | 'author' | 'category'> & { description: string };

/** The admin's edits of what the blog and gallery show (adding and deleting are the public resources' calls). */
export const adminContentApi = {
  /** Replaces every field of the post (PUT). */
  updateBlog: (id: string, body: BlogFields) =>
    request<MessageResponse & { blog: Blog }>(`/api/blogs/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: true }),
  /** The title and description; the picture itself is never replaced. */
  updateImage: (id: string, body: { title: string; description: string }) =>
    request<GalleryImage>(`/api/gallery/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: true }),
};
