import { useHydrated } from '@institute/shared/ui';
import { useId, useState } from 'react';
import styles from './form.module.css';

interface PasswordFieldProps {
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  /** "Password" unless the form has several (change password: current and new). */
  label?: string;
}

export function PasswordField({ value, onChange, autoComplete, label = 'Password' }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  // A prerendered form takes input once React owns it: typing before hydration would be thrown away.
  const hydrated = useHydrated();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.passwordRow}>
        <input
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          required
          autoComplete={autoComplete}
          value={value}
          readOnly={!hydrated}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
