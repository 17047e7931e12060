import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, privacyApi, privacyKeys } from '@institute/shared/api';
import { useFocusTrap } from '@institute/shared/ui';
import { PasswordField } from '../../../components/form/password-field';
import auth from '../../../components/form/form.module.css';
import { YOUR_DATA_TEXT as TEXT } from './texts';
import styles from './your-data.module.css';

interface Props {
  userId: string;
  /** `sent`: the request was made (the section then says so). */
  onClose(sent: boolean): void;
}

/** Confirms an erasure request with the password: what is erased, what is kept, and that an admin decides. */
export function ErasureDialog({ userId, onClose }: Props) {
  const headingId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  useFocusTrap(ref, { onEscape: () => onClose(false), initialFocus: 'first' });
  const mutation = useMutation({
    mutationFn: () => privacyApi.requestErasure(userId, password),
    onSuccess: (request) => {
      queryClient.setQueryData(privacyKeys.mine(userId), { request });
      onClose(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  return createPortal(
    <div className={styles.backdrop}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={headingId} aria-describedby={bodyId} tabIndex={-1}>
        <h2 id={headingId}>{TEXT.dialogTitle}</h2>
        <p id={bodyId}>{TEXT.dialogBody}</p>
        {mutation.isError ? <p className={auth.error} role="alert">{apiErrorMessage(mutation.error)}</p> : null}
        <form className={auth.form} onSubmit={submit} aria-busy={mutation.isPending}>
          <PasswordField label={TEXT.password} value={password} onChange={setPassword} autoComplete="current-password" />
          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={() => onClose(false)}>{TEXT.cancel}</button>
            <button type="submit" className={styles.danger} disabled={mutation.isPending}>{TEXT.askErase}</button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
