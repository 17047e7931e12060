import { useState } from 'react';
import { useGallery } from '@institute/shared/api';
import type { GalleryImage } from '@institute/shared/contract';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { GalleryGrid } from './gallery-grid';
import { ImageDialog } from './image-dialog';
import styles from './gallery.module.css';

interface Open {
  image: GalleryImage;
  opener: HTMLElement;
}

export function GalleryPage() {
  const { data, isError, refetch } = useGallery();
  const [open, setOpen] = useState<Open | null>(null);

  let body;
  if (isError) body = <ErrorState onRetry={() => void refetch()}>Error fetching gallery images</ErrorState>;
  // The spec shows the spinner whenever the list is empty, loading or not.
  else if (!data || data.length === 0) body = <Spinner label="Loading gallery..." />;
  else body = <GalleryGrid images={data} onOpen={(image, opener) => setOpen({ image, opener })} />;

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
