import type { GalleryImage } from '@institute/shared/contract';
import { EmptyState, ErrorState, LoadMore, Spinner } from '@institute/shared/ui';
import { ListToolbar } from '../../../components/list-toolbar';
import { useListFilters } from '../../../lib/use-list-filters';
import { ADMIN_GALLERY_SORTS, useDeleteImage, useGalleryPages } from '../api/gallery';
import { ImageGrid } from './image-grid';
import { UploadForm } from './upload-form';
import ui from '../../../components/admin-ui.module.css';

const SORT_KEYS = ADMIN_GALLERY_SORTS.map(([key]) => key);

export function GallerySection() {
  const filters = useListFilters(SORT_KEYS, 'newest');
  const images = useGalleryPages(filters.q, filters.sort);
  const remove = useDeleteImage();

  const onDelete = (image: GalleryImage) => {
    if (!window.confirm('Are you sure you want to delete this image?')) return;
    remove.mutate(image._id);
  };

  return (
    <>
      <UploadForm />
      <h2 className={ui.subtitle}>Gallery Images</h2>
      <ListToolbar noun="images" search={filters.search} onSearch={filters.setSearch} sorts={ADMIN_GALLERY_SORTS} sort={filters.sort} onSort={filters.setSort} />
      {remove.isError ? <p role="alert" className={ui.error}>Error deleting image</p> : null}
      {images.isPending ? (
        <Spinner label="Loading images..." />
      ) : images.isError ? (
        <ErrorState>Error fetching gallery images</ErrorState>
      ) : images.items.length === 0 ? (
        <EmptyState>{filters.q ? `No images match “${filters.q}”` : 'No images in gallery'}</EmptyState>
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
