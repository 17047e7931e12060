import { useId, useState } from 'react';
import { ImageUploadError, uploadImage } from '../../../lib/upload-image';
import ui from '../../../components/admin-ui.module.css';

/**
 * A photo chosen here goes to the image host as the blog's image does (unsigned upload) and its address fills the
 * Image URL field; the site then asks the host for resized copies (decision 028).
 */
export function ImageUploadButton({ onUploaded }: { onUploaded(url: string): void }) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true });
    try {
      onUploaded(await uploadImage(file));
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error: error instanceof ImageUploadError ? error.message : new ImageUploadError().message });
    }
  };

  return (
    // A field of its own (min-width 0): a file input's intrinsic width must not widen a phone's page.
    <div className={ui.field}>
      <label htmlFor={id}>Or upload an image</label>
      <input id={id} type="file" accept="image/*" className={ui.input} disabled={state.busy}
        onChange={(event) => void upload(event.target.files?.[0])} />
      {state.busy ? <small role="status" className={ui.muted}>Uploading...</small> : null}
      {state.error ? <p role="alert" className={ui.error}>{state.error}</p> : null}
    </div>
  );
}
