import { useState } from 'react';
import type { GalleryImage } from '@institute/shared/contract';
import { ResponsiveImage } from '@institute/shared/ui';
import { ImageEditForm } from './image-edit-form';
import ui from '../../../components/admin-ui.module.css';
import styles from './gallery-admin.module.css';
import { DeleteButton } from '../../../components/delete-button';

interface Props {
  images: GalleryImage[];
  deletingId: string | undefined;
  onDelete(image: GalleryImage): void;
}

export function ImageGrid({ images, deletingId, onDelete }: Props) {
  const [editingId, setEditingId] = useState<string | null>(null);
  return (
    <ul className={styles.grid} aria-label="Gallery images">
      {images.map((image) => (
        <li key={image._id} className={styles.item}>
          <figure className={styles.figure}>
            {/* Intrinsic size, when the server knows it, reserves the space before the image arrives. */}
            <ResponsiveImage className={styles.image} src={image.imageUrl} alt={image.title} width={image.width ?? 400}
              height={image.height ?? 300} sizes="(min-width: 40rem) 16rem, 100vw" maxWidth={960} />
            {editingId === image._id ? null : (
              <figcaption>
                <strong>{image.title}</strong>
                <span className={ui.muted}>{image.description}</span>
              </figcaption>
            )}
          </figure>
          {editingId === image._id ? <ImageEditForm image={image} onDone={() => setEditingId(null)} /> : (
            <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Edit image ${image.title}`} onClick={() => setEditingId(image._id)}>
              Edit
            </button>
          )}
          <DeleteButton label={`Delete image ${image.title}`} deleting={deletingId === image._id} onDelete={() => onDelete(image)} />
        </li>
      ))}
    </ul>
  );
}
