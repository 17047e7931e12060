import { useId, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '@institute/shared/auth';
import { addBlogError, useAddBlog } from '../api/blogs';
import ui from '../../../components/admin-ui.module.css';

type Text = 'title' | 'author' | 'category' | 'content';
const EMPTY: Record<Text, string> = { title: '', author: '', category: '', content: '' };
const LABELS: Record<Text, string> = { title: 'Title', author: 'Author', category: 'Category', content: 'Content' };

export function BlogForm() {
  const id = useId();
  const { token } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [image, setImage] = useState<File | null>(null);
  const [blank, setBlank] = useState<Text[]>([]);
  const [done, setDone] = useState('');
  const add = useAddBlog();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    const missing = (Object.keys(EMPTY) as Text[]).filter((k) => values[k].trim() === '');
    setBlank(missing);
    if (missing.length > 0) return;
    if (!image || !image.type.startsWith('image/')) {
      window.alert('Please select an image.');
      return;
    }
    // Checked before the image is uploaded, so nothing is sent for a save that cannot succeed.
    if (!token) {
      window.alert('User not authenticated. Please log in.');
      return;
    }
    add.mutate(
      { title: values.title.trim(), author: values.author.trim(), category: values.category.trim(), content: values.content, image },
      {
        onSuccess: (response) => {
          formRef.current?.reset();
          setValues(EMPTY);
          setImage(null);
          setDone(response?.message || 'Blog added.');
        },
      },
    );
  };

  const field = (name: Text, multiline = false) => {
    const props = {
      id: `${id}-${name}`,
      value: values[name],
      required: true,
      'aria-invalid': blank.includes(name) || undefined,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    };
    return (
      <div className={multiline ? `${ui.field} ${ui.wide}` : ui.field}>
        <label htmlFor={props.id}>{LABELS[name]}</label>
        {multiline ? <textarea className={ui.textarea} rows={8} {...props} /> : <input className={ui.input} {...props} />}
      </div>
    );
  };

  return (
    <form ref={formRef} className={ui.form} aria-label="Add blog" onSubmit={submit}>
      <h2 className={`${ui.subtitle} ${ui.wide}`}>Add Blog</h2>
      {add.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{addBlogError(add.error)}</p> : null}
      {blank.length > 0 ? (
        <p role="alert" className={`${ui.error} ${ui.wide}`}>Please fill in: {blank.map((k) => LABELS[k]).join(', ')}</p>
      ) : null}
      <p role="status" className={done ? `${ui.success} ${ui.wide}` : ui.wide}>{done}</p>
      {field('title')}
      {field('author')}
      {field('category')}
      <div className={ui.field}>
        <label htmlFor={`${id}-image`}>Image</label>
        {/* Not `required`: the spec's own message ("Please select an image.") replaces the browser's. */}
        <input
          id={`${id}-image`}
          className={ui.input}
          type="file"
          accept="image/*"
          aria-required="true"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </div>
      {field('content', true)}
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Add Blog'}
        </button>
      </div>
    </form>
  );
}
