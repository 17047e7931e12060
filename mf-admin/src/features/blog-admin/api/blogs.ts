import { infiniteQueryOptions, keepPreviousData, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { blogsApi, LIST_PAGE_SIZE, messageFor, queryKeys, usePagedList, type PageStep } from '@institute/shared/api';
import { adminContentApi } from '@institute/shared/api/admin';
import type { Blog, BlogCard, BlogCardPage } from '@institute/shared/contract';
import { ImageUploadError, uploadImage } from '../../../lib/upload-image';

/** The admin's posts a page of cards at a time, newest first, searched by the server (title, author, category). */
export const useBlogPages = (q: string) => usePagedList<BlogCard, BlogCardPage>((firstLimit) =>
  infiniteQueryOptions<BlogCardPage, Error, InfiniteData<BlogCardPage, PageStep>, readonly unknown[], PageStep>({
    queryKey: [...queryKeys.blogs, 'admin', { q }],
    queryFn: ({ pageParam, signal }) => blogsApi.cards({ ...pageParam, q: q || undefined }, signal),
    initialPageParam: { limit: firstLimit },
    getNextPageParam: (last) => (last.nextCursor ? { cursor: last.nextCursor, limit: LIST_PAGE_SIZE } : undefined),
    // The list on screen stays while another search or order is read.
    placeholderData: keepPreviousData,
  }));

/** The whole post an Edit opens (a card's content is only its excerpt); read fresh each time. */
export const useBlogPost = (id: string | null) => useQuery({
  queryKey: [...queryKeys.blogs, 'admin', 'item', id],
  queryFn: () => blogsApi.get(id!),
  enabled: id !== null,
  staleTime: 0,
});

export interface NewBlog {
  title: string;
  author: string;
  category: string;
  content: string;
  image: File;
}

/** The image goes to the image host first; its address becomes the blog's imgUrl. */
export function useAddBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...fields }: NewBlog) => blogsApi.create({ ...fields, imgUrl: await uploadImage(image) }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.blogs }),
  });
}

export interface BlogEdit {
  post: Blog;
  fields: Pick<Blog, 'title' | 'author' | 'category' | 'content'>;
  /** A new cover image; without one the post keeps its own. */
  image: File | null;
}

/** Replaces the post's fields (PUT); its description, which this form does not show, is sent back unchanged. */
export function useUpdateBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, fields, image }: BlogEdit) => adminContentApi.updateBlog(post._id, {
      ...fields, description: post.description ?? '', imgUrl: image ? await uploadImage(image) : post.imgUrl,
    }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.blogs }),
  });
}

/** The spec's text is "Failed to add blog" unless the server sent a message of its own. */
export function addBlogError(error: unknown, fallback = 'Failed to add blog'): string {
  return error instanceof ImageUploadError ? error.message : messageFor(error, fallback);
}

export function useDeleteBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => blogsApi.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.blogs }),
  });
}
