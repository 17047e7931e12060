import { memo } from 'react';
import type { GalleryImage } from '@institute/shared/contract';
import { ResponsiveImage } from '@institute/shared/ui';
import { altText, imageSize } from './image-size';
import { GALLERY_THUMB_SIZES } from './gallery-image-sizes';
import styles from './gallery.module.css';

type OnOpen = (image: GalleryImage, opener: HTMLElement) => void;

interface Props {
  images: GalleryImage[];
  onOpen: OnOpen;
}

/**
 * One image of the grid. Memo: an image does not change while it is listed, so opening the dialog or "Load more"
 * renders only what changed, not every thumbnail again (decision 061).
 */
const GalleryItem = memo(function GalleryItem({ image, first, onOpen }: { image: GalleryImage; first: boolean; onOpen: OnOpen }) {
  const size = imageSize(image);
  return (
    <li className={styles.item}>
      <figure className={styles.figure}>
        <button type="button" className={styles.thumb} aria-haspopup="dialog" onClick={(event) => onOpen(image, event.currentTarget)}>
          <span className={styles.srOnly}>View larger: </span>
          <span className={size.fixed ? styles.fixedRatio : styles.natural}>
            {/* The first image is the page's largest paint: fetched at once; the rest wait for the page's load and the
                viewport, so they do not share the phone's bandwidth with it (decision 057). */}
            <ResponsiveImage className={styles.thumbImage} src={image.imageUrl} alt={altText(image)} width={size.width}
              height={size.height} sizes={GALLERY_THUMB_SIZES} priority={first} defer={!first} />
          </span>
        </button>
        <figcaption className={styles.caption}>{image.title}</figcaption>
      </figure>
    </li>
  );
});

export function GalleryGrid({ images, onOpen }: Props) {
  return (
    // role="list" keeps list semantics in browsers that drop them when list-style is none.
    <ul className={styles.grid} role="list" aria-label="Gallery images">
      {images.map((image, index) => <GalleryItem key={image._id} image={image} first={index === 0} onOpen={onOpen} />)}
    </ul>
  );
}
