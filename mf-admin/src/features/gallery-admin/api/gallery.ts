import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { galleryApi, LIST_PAGE_SIZE, queryKeys, request, usePagedList, type PageStep } from '@institute/shared/api';
import type { GalleryImage, GalleryPage } from '@institute/shared/contract';

/** The admin's images a page at a time, newest first (so an upload shows on top); "Load more" adds the next. */
export const useGalleryPages = () => usePagedList<GalleryImage, GalleryPage>((firstLimit) =>
  infiniteQueryOptions<GalleryPage, Error, InfiniteData<GalleryPage, PageStep>, readonly unknown[], PageStep>({
    queryKey: [...queryKeys.gallery, 'admin'],
    queryFn: ({ pageParam, signal }) => galleryApi.page(pageParam, signal),
    initialPageParam: { limit: firstLimit },
    getNextPageParam: (last) => (last.nextCursor ? { cursor: last.nextCursor, limit: LIST_PAGE_SIZE } : undefined),
  }));

export interface UploadInput {
  title: string;
  description: string;
  image: File;
}

/** Multipart, with the field names the spec gives: image, title, description. */
export function toFormData({ title, description, image }: UploadInput): FormData {
  const form = new FormData();
  form.append('image', image);
  form.append('title', title);
  form.append('description', description);
  return form;
}

export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => galleryApi.upload(toFormData(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.gallery }),
  });
}

export function useDeleteImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => galleryApi.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.gallery }),
  });
}

/** Changes an image's title and description; a different picture is a new upload. */
export function useEditImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title, description }: { id: string; title: string; description: string }) =>
      request<GalleryImage>(`/api/gallery/${encodeURIComponent(id)}`, { method: 'PUT', body: { title, description }, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.gallery }),
  });
}
