import { lazy, Suspense } from 'react';
import ui from '../../../components/admin-ui.module.css';

export interface RichTextProps {
  id: string;
  label: string;
  /** HTML in and out. */
  value: string;
  onChange(html: string): void;
}

/** Until the editor's chunk arrives (or if it never does), a labelled textarea edits the same value. */
export function PlainTextField({ id, label, value, onChange }: RichTextProps) {
  return (
    <div className={`${ui.field} ${ui.wide}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className={ui.textarea} rows={5} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

// A chunk that fails to load leaves the textarea in place instead of breaking the whole form.
const RichTextEditor = lazy(() => import('./rich-text-editor').catch(() => ({ default: PlainTextField })));

export function RichTextField(props: RichTextProps) {
  return (
    <Suspense fallback={<PlainTextField {...props} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
