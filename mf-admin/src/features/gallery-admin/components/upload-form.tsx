import { useId, useRef, useState, type FormEvent } from 'react';
import { useUploadImage } from '../api/gallery';
import ui from '../../../components/admin-ui.module.css';

export const FILL_ALL = 'Please fill in all fields';

export function UploadForm() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const upload = useUploadImage();

  // noValidate: one clear message from the spec instead of the browser's per-field bubbles.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    if (!title.trim() || !description.trim() || !image || !image.type.startsWith('image/')) {
      setProblem(FILL_ALL);
      return;
    }
    setProblem('');
    upload.mutate(
      { title: title.trim(), description: description.trim(), image },
      {
        onSuccess: () => {
          formRef.current?.reset();
          setTitle('');
          setDescription('');
          setImage(null);
          setDone('Image uploaded successfully.');
        },
      },
    );
  };

  const error = problem || (upload.isError ? 'Error uploading image' : '');
  return (
    <form ref={formRef} className={ui.form} aria-label="Upload image" noValidate onSubmit={submit}>
      <h2 className={`${ui.subtitle} ${ui.wide}`}>Upload Image</h2>
      {error ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{error}</p> : null}
      <p role="status" className={done ? `${ui.success} ${ui.wide}` : ui.wide}>{done}</p>
      <div className={ui.field}>
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} className={ui.input} required value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-image`}>Image</label>
        <input
          id={`${id}-image`}
          className={ui.input}
          type="file"
          accept="image/*"
          required
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className={`${ui.field} ${ui.wide}`}>
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          className={ui.textarea}
          rows={3}
          required
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
