import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { GalleryImage } from '@institute/shared/contract';
import { useFocusTrap } from '@institute/shared/ui';
import { ResponsiveImage } from '@institute/shared/ui';
import { altText, imageSize } from './image-size';
import { GALLERY_DIALOG_SIZES } from './gallery-image-sizes';
import styles from './gallery.module.css';

interface Props {
  image: GalleryImage;
  opener: HTMLElement | null;
  onClose(): void;
}

/** The larger view of one image, as an accessible modal dialog. */
export function ImageDialog({ image, opener, onClose }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const size = imageSize(image);
  useFocusTrap(dialogRef, { onEscape: onClose, initialFocus: 'first', returnFocusTo: opener });

  return createPortal(
    <div
      className={styles.backdrop}
      data-testid="gallery-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.dialog}>
        <div className={styles.dialogHeader}>
          <h2 id={titleId} className={styles.dialogTitle}>{image.title}</h2>
          <button type="button" className={styles.close} onClick={onClose}>Close</button>
        </div>
        <figure className={styles.large}>
          <span className={size.fixed ? styles.fixedRatioContain : styles.natural}>
            <ResponsiveImage className={styles.largeImage} src={image.imageUrl} alt={altText(image)} width={size.width}
              height={size.height} sizes={GALLERY_DIALOG_SIZES} priority />
          </span>
          {image.description ? <figcaption className={styles.description}>{image.description}</figcaption> : null}
        </figure>
      </div>
    </div>,
    document.body,
  );
}
