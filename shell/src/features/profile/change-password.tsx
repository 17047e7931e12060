import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { apiErrorMessage, authApi } from '@institute/shared/api';
import { tokenStore, useAuth } from '@institute/shared/auth';
import { PasswordField } from '../../components/form/password-field';
import auth from '../../components/form/form.module.css';
import styles from './profile.module.css';

/** Current password required; the server ends every other session and hands this one a new token. */
export function ChangePassword() {
  const { login } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const mutation = useMutation({
    mutationFn: () => authApi.changePassword(current, next),
    onSuccess: ({ token }) => {
      login(token, tokenStore.getUserId() ?? undefined);
      setCurrent('');
      setNext('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  return (
    <section className={styles.payments} aria-labelledby="change-password">
      <h2 id="change-password">Change password</h2>
      {mutation.isSuccess ? <p className={auth.notice} role="status">{mutation.data.message}</p> : null}
      {mutation.isError ? <p className={auth.error} role="alert">{apiErrorMessage(mutation.error)}</p> : null}
      <form className={auth.form} onSubmit={submit} aria-busy={mutation.isPending}>
        <PasswordField label="Current password" value={current} onChange={setCurrent} autoComplete="current-password" />
        <PasswordField label="New password" value={next} onChange={setNext} autoComplete="new-password" />
        <button type="submit" className={auth.submit} disabled={mutation.isPending}>Change password</button>
      </form>
    </section>
  );
}
