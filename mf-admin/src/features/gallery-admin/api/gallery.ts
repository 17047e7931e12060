import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { galleryApi, queryKeys, request } from '@institute/shared/api';
import type { GalleryImage } from '@institute/shared/contract';

export const useGalleryImages = () => useQuery({ queryKey: queryKeys.gallery, queryFn: galleryApi.list });

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
