import { statusText } from '@institute/shared/api';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Course } from '@institute/shared/contract';
import { useSaveItem } from '../api/catalog';
import { EMPTY_VALUES, missingFields, toFormValues, toInput } from '../utils/form-values';
import type { CatalogKind, FormValues } from '../types';
import { RichTextField } from './rich-text-field';
import { ImageUploadButton } from './image-upload-button';
import ui from '../../../components/admin-ui.module.css';

interface Props {
  kind: CatalogKind;
  /** The item being edited; null means add mode. */
  editing: Course | null;
  onSaved(saved: 'added' | 'updated'): void;
  onCancel(): void;
}

type Field = { name: keyof FormValues; label: string; type?: 'number' | 'url' | 'rich'; optional?: boolean; hint?: string; only?: CatalogKind['id'] };

const FIELDS: Field[] = [
  { name: 'title', label: 'Title' },
  { name: 'imgUrl', label: 'Image URL', type: 'url' },
  { name: 'price', label: 'Price (USD)', type: 'number' },
  { name: 'duration', label: 'Duration' },
  { name: 'totalHours', label: 'Total Hours' },
  { name: 'credential', label: 'Credential' },
  { name: 'preRequisite', label: 'Prerequisite' },
  { name: 'certification', label: 'Certification' },
  // The course page plays it (YouTube, Vimeo or a video file); quick program pages have no video.
  { name: 'introVideoUrl', label: 'Intro Video URL', type: 'url', optional: true, only: 'courses', hint: 'Optional. An https link to YouTube, Vimeo or a video file.' },
  { name: 'description', label: 'Description', type: 'rich' },
  { name: 'content', label: 'Content', type: 'rich' },
];

export function CatalogForm({ kind, editing, onSaved, onCancel }: Props) {
  const baseId = useId();
  const [values, setValues] = useState<FormValues>(() => (editing ? toFormValues(editing) : EMPTY_VALUES));
  const [invalid, setInvalid] = useState<string[]>([]);
  const save = useSaveItem(kind);
  const firstField = useRef<HTMLInputElement>(null);

  // Edit mode puts the keyboard where the page scrolled to: the first field.
  useEffect(() => {
    if (editing) firstField.current?.focus({ preventScroll: true });
  }, [editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingFields(values);
    setInvalid(missing);
    if (missing.length > 0) return;
    save.mutate(
      { id: editing?._id, body: toInput(values, editing) },
      { onSuccess: () => onSaved(editing ? 'updated' : 'added') },
    );
  };

  const heading = editing ? `Edit ${kind.noun}` : `Add ${kind.noun}`;
  return (
    <form className={ui.form} aria-label={heading} onSubmit={submit}>
      <h2 className={`${ui.subtitle} ${ui.wide}`}>{heading}</h2>
      {save.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{statusText(save.error, kind.messages.save)}</p> : null}
      {invalid.length > 0 ? (
        <p role="alert" className={`${ui.error} ${ui.wide}`}>
          Please fill in: {invalid.map((name) => FIELDS.find((f) => f.name === name)?.label).join(', ')}
        </p>
      ) : null}
      {FIELDS.filter((field) => !field.only || field.only === kind.id).map((field, index) => {
        const id = `${baseId}-${field.name}`;
        const set = (value: string) => setValues((v) => ({ ...v, [field.name]: value }));
        // Description and content are rich text and optional, so they carry no required/invalid state.
        if (field.type === 'rich') {
          return <RichTextField key={field.name} id={id} label={field.label} value={values[field.name]} onChange={set} />;
        }
        return (
          <div key={field.name} className={ui.field}>
            <label htmlFor={id}>{field.label}</label>
            <input
              id={id}
              name={field.name}
              className={ui.input}
              type={field.type ?? 'text'}
              ref={index === 0 ? firstField : undefined}
              required={!field.optional}
              aria-invalid={invalid.includes(field.name) || undefined}
              aria-describedby={field.hint ? `${id}-hint` : undefined}
              {...(field.name === 'introVideoUrl' ? { pattern: 'https://.+' } : {})}
              value={values[field.name]}
              onChange={(event) => set(event.target.value)}
              {...(field.type === 'number' ? { min: 0, step: '0.01', inputMode: 'decimal' as const } : {})}
            />
            {field.hint ? <small id={`${id}-hint`} className={ui.muted}>{field.hint}</small> : null}
            {field.name === 'imgUrl' ? <ImageUploadButton onUploaded={set} /> : null}
          </div>
        );
      })}
      <div className={ui.formActions}>
        <button type="submit" className={ui.button} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? `Update ${kind.noun}` : `Add ${kind.noun}`}
        </button>
        {editing ? (
          <button type="button" className={ui.secondary} onClick={onCancel} disabled={save.isPending}>
            Cancel Edit
          </button>
        ) : null}
      </div>
    </form>
  );
}
