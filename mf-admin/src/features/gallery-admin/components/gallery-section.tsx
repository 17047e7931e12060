import type { GalleryImage } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { useDeleteImage, useGalleryImages } from '../api/gallery';
import { ImageGrid } from './image-grid';
import { UploadForm } from './upload-form';
import ui from '../../../components/admin-ui.module.css';

export function GallerySection() {
  const images = useGalleryImages();
  const remove = useDeleteImage();

  const onDelete = (image: GalleryImage) => {
    if (!window.confirm('Are you sure you want to delete this image?')) return;
    remove.mutate(image._id);
  };

  return (
    <>
      <UploadForm />
      <h2 className={ui.subtitle}>Gallery Images</h2>
      {remove.isError ? <p role="alert" className={ui.error}>Error deleting image</p> : null}
      {images.isPending ? (
        <Spinner label="Loading images..." />
      ) : images.isError ? (
        <ErrorState>Error fetching gallery images</ErrorState>
      ) : images.data.length === 0 ? (
        <EmptyState>No images in gallery</EmptyState>
      ) : (
        <ImageGrid images={images.data} deletingId={remove.isPending ? remove.variables : undefined} onDelete={onDelete} />
      )}
    </>
  );
}
