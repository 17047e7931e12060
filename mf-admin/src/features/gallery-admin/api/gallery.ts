import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { galleryApi, queryKeys } from '@institute/shared/api';

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
