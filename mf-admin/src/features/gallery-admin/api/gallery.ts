import { infiniteQueryOptions, keepPreviousData, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { galleryApi, LIST_PAGE_SIZE, queryKeys, usePagedList, type PageStep } from '@institute/shared/api';
import { adminContentApi } from '@institute/shared/api/admin';
import type { GalleryImage, GalleryPage, GallerySort } from '@institute/shared/contract';

/** The admin's orders: newest first by default, so an upload shows on top. */
export const ADMIN_GALLERY_SORTS = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['title', 'Title (A-Z)'],
] as const satisfies readonly (readonly [GallerySort, string])[];

/** The admin's images a page at a time, searched (title and description) and ordered on the server; "Load more" adds the next. */
export const useGalleryPages = (q: string, sort: GallerySort) => usePagedList<GalleryImage, GalleryPage>((firstLimit) =>
  infiniteQueryOptions<GalleryPage, Error, InfiniteData<GalleryPage, PageStep>, readonly unknown[], PageStep>({
    queryKey: [...queryKeys.gallery, 'admin', { q, sort }],
    queryFn: ({ pageParam, signal }) => galleryApi.page({ ...pageParam, q: q || undefined, sort: sort === 'newest' ? undefined : sort }, signal),
    initialPageParam: { limit: firstLimit },
    getNextPageParam: (last) => (last.nextCursor ? { cursor: last.nextCursor, limit: LIST_PAGE_SIZE } : undefined),
    // The images on screen stay while another search or order is read.
    placeholderData: keepPreviousData,
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
      adminContentApi.updateImage(id, { title, description }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.gallery }),
  });
}
