import { useCallback, useState } from 'react';
import { galleryPagesQuery, usePagedList } from '@institute/shared/api';
import type { GalleryImage, GalleryPage as GalleryPageData } from '@institute/shared/contract';
import { Banner, ErrorState, LoadMore, Spinner } from '@institute/shared/ui';
import { GalleryGrid } from './gallery-grid';
import { ImageDialog } from './image-dialog';
import styles from './gallery.module.css';

interface Open {
  image: GalleryImage;
  opener: HTMLElement;
}

/** Images a page at a time from the server, newest first; the first page is in the first HTML, "Load more" appends. */
export function GalleryPage() {
  const list = usePagedList<GalleryImage, GalleryPageData>((firstLimit) => galleryPagesQuery(firstLimit));
  const { isError, refetch } = list;
  const data = list.isSuccess ? list.items : undefined;
  const [open, setOpen] = useState<Open | null>(null);
  // One function for the page's life: the grid's memoized images are not rendered again when the dialog opens.
  const onOpen = useCallback((image: GalleryImage, opener: HTMLElement) => setOpen({ image, opener }), []);

  let body;
  if (isError) body = <ErrorState onRetry={() => void refetch()}>Error fetching gallery images</ErrorState>;
  // The spec shows the spinner whenever the list is empty, loading or not.
  else if (!data || data.length === 0) body = <Spinner label="Loading gallery..." />;
  else
    body = (
      <>
        <GalleryGrid images={data} onOpen={onOpen} />
        <LoadMore noun="images" hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore}
          count={list.hasMore ? { shown: data.length, total: list.total } : undefined} />
      </>
    );

  return (
    <>
      <Banner title="Our Gallery" />
      <section className={styles.page} aria-busy={!data && !isError}>
        {body}
      </section>
      {open ? <ImageDialog image={open.image} opener={open.opener} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
