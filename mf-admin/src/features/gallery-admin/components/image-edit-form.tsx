import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@institute/shared/api';
import type { GalleryImage } from '@institute/shared/contract';
import { useEditImage } from '../api/gallery';
import ui from '../../../components/admin-ui.module.css';

/** The title and description of one image, edited in its place in the grid. */
export function ImageEditForm({ image, onDone }: { image: GalleryImage; onDone(): void }) {
  const id = useId();
  const [title, setTitle] = useState(image.title);
  const [description, setDescription] = useState(image.description);
  const edit = useEditImage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !description.trim()) return;
    edit.mutate({ id: image._id, title: title.trim(), description: description.trim() }, { onSuccess: onDone });
  };

  return (
    <form aria-label={`Edit ${image.title}`} onSubmit={submit} className={ui.field}>
      {edit.isError ? (
        <p role="alert" className={ui.error}>{edit.error instanceof ApiError && edit.error.status > 0 ? edit.error.message : 'Error updating image'}</p>
      ) : null}
      <label htmlFor={`${id}-title`}>Title</label>
      <input id={`${id}-title`} className={ui.input} value={title} required maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor={`${id}-description`}>Description</label>
      <textarea id={`${id}-description`} className={ui.textarea} value={description} required maxLength={2000}
        onChange={(e) => setDescription(e.target.value)} />
      <div className={ui.actions}>
        <button type="submit" className={`${ui.button} ${ui.small}`} disabled={edit.isPending}>{edit.isPending ? 'Saving...' : 'Save'}</button>
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
