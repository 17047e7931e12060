import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';
import styles from './form.module.css';

interface Props {
  label: string;
  name: string;
  value: string;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  min?: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
}

/** A labelled input whose error, when shown, is tied to it for screen readers. */
export function FormField({ label, error, required, multiline, type = 'text', ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: styles.control,
  };
  return (
    <div className={multiline ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span className={styles.required} aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? <textarea {...common} {...input} rows={5} /> : <input {...common} {...input} type={type} />}
      {error ? <p id={errorId} className={styles.error}>{error}</p> : null}
    </div>
  );
}
