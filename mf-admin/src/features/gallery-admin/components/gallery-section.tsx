import type { GalleryImage } from '@institute/shared/contract';
import { EmptyState, ErrorState, LoadMore, Spinner } from '@institute/shared/ui';
import { useDeleteImage, useGalleryPages } from '../api/gallery';
import { ImageGrid } from './image-grid';
import { UploadForm } from './upload-form';
import ui from '../../../components/admin-ui.module.css';

export function GallerySection() {
  const images = useGalleryPages();
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
      ) : images.items.length === 0 ? (
        <EmptyState>No images in gallery</EmptyState>
      ) : (
        <>
          <ImageGrid images={images.items} deletingId={remove.isPending ? remove.variables : undefined} onDelete={onDelete} />
          <LoadMore noun="images" hasMore={images.hasMore} loading={images.loadingMore} onMore={images.loadMore}
            count={{ shown: images.items.length, total: images.total }} />
        </>
      )}
    </>
  );
}
