import { useHydrated } from '@institute/shared/ui';
import { useId } from 'react';
import styles from './form.module.css';

interface TextFieldProps {
  label: string;
  name: string;
  type: 'email' | 'text';
  autoComplete: string;
  value: string;
  onChange(value: string): void;
}

export function TextField({ label, name, type, autoComplete, value, onChange }: TextFieldProps) {
  // A prerendered form takes input once React owns it: typing before hydration would be thrown away.
  const hydrated = useHydrated();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} required autoComplete={autoComplete} value={value} readOnly={!hydrated}
        onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
