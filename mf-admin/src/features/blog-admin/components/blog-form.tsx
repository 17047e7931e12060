import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '@institute/shared/auth';
import type { Blog } from '@institute/shared/contract';
import { addBlogError, useAddBlog, useUpdateBlog } from '../api/blogs';
import ui from '../../../components/admin-ui.module.css';

type Text = 'title' | 'author' | 'category' | 'content';
const EMPTY: Record<Text, string> = { title: '', author: '', category: '', content: '' };
const LABELS: Record<Text, string> = { title: 'Title', author: 'Author', category: 'Category', content: 'Content' };

const valuesOf = (post: Blog): Record<Text, string> =>
  ({ title: post.title, author: post.author, category: post.category, content: post.content });

/**
 * Adds a post, or edits `editing` (the spec's admin forms: filled when Edit is clicked, back to adding after a
 * save or on Cancel). In edit mode the image is optional: without a new one the post keeps its cover.
 */
export function BlogForm({ editing = null, onDone = () => {} }: { editing?: Blog | null; onDone?: () => void }) {
  const id = useId();
  const { token } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => (editing ? valuesOf(editing) : EMPTY));
  const [image, setImage] = useState<File | null>(null);
  const [blank, setBlank] = useState<Text[]>([]);
  const [done, setDone] = useState('');
  const add = useAddBlog();
  const update = useUpdateBlog();
  const saving = editing ? update : add;

  // Only a change of the post being edited refills the form: adjusted while rendering, so no frame shows the old one.
  const editingId = editing?._id;
  const [filledFor, setFilledFor] = useState(editingId);
  if (filledFor !== editingId) {
    setFilledFor(editingId);
    setValues(editing ? valuesOf(editing) : EMPTY);
    setBlank([]);
    if (editing) setDone('');
  }
  const { reset: resetUpdate } = update;
  useEffect(() => {
    resetUpdate();
    if (editingId) formRef.current?.scrollIntoView?.({ block: 'start' });
  }, [editingId, resetUpdate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    const missing = (Object.keys(EMPTY) as Text[]).filter((k) => values[k].trim() === '');
    setBlank(missing);
    if (missing.length > 0) return;
    if (editing ? image !== null && !image.type.startsWith('image/') : !image || !image.type.startsWith('image/')) {
      window.alert('Please select an image.');
      return;
    }
    // Checked before the image is uploaded, so nothing is sent for a save that cannot succeed.
    if (!token) {
      window.alert('User not authenticated. Please log in.');
      return;
    }
    const fields = { title: values.title.trim(), author: values.author.trim(), category: values.category.trim(), content: values.content };
    if (editing) {
      update.mutate({ post: editing, fields, image }, {
        onSuccess: (response) => {
          formRef.current?.reset();
          setImage(null);
          setDone(response?.message || 'Blog updated.');
          onDone();
        },
      });
      return;
    }
    if (!image) return;
    add.mutate(
      { ...fields, image },
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
    <form ref={formRef} className={ui.form} aria-label={editing ? 'Edit blog' : 'Add blog'} onSubmit={submit}>
      <h2 className={`${ui.subtitle} ${ui.wide}`}>{editing ? 'Edit Blog' : 'Add Blog'}</h2>
      {saving.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{addBlogError(saving.error, editing ? 'Failed to update blog' : 'Failed to add blog')}</p> : null}
      {blank.length > 0 ? (
        <p role="alert" className={`${ui.error} ${ui.wide}`}>Please fill in: {blank.map((k) => LABELS[k]).join(', ')}</p>
      ) : null}
      <p role="status" className={done ? `${ui.success} ${ui.wide}` : ui.wide}>{done}</p>
      {field('title')}
      {field('author')}
      {field('category')}
      <div className={ui.field}>
        <label htmlFor={`${id}-image`}>{editing ? 'New image (optional)' : 'Image'}</label>
        {/* Not `required`: the spec's own message ("Please select an image.") replaces the browser's. */}
        <input
          id={`${id}-image`}
          className={ui.input}
          type="file"
          accept="image/*"
          aria-required={!editing}
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </div>
      {field('content', true)}
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={saving.isPending}>
          {saving.isPending ? 'Saving...' : editing ? 'Update Blog' : 'Add Blog'}
        </button>
        {editing ? <button type="button" className={ui.secondary} onClick={onDone}>Cancel</button> : null}
      </div>
    </form>
  );
}
