import { useState, type FormEvent } from 'react';
import { Link } from '@institute/shared/router';
import { useMutation } from '@tanstack/react-query';
import { apiErrorMessage, authApi } from '@institute/shared/api';
import { useHydrated } from '@institute/shared/ui';
import { TextField } from '../../components/form/text-field';
import styles from '../../components/form/form.module.css';

/** Asks for a reset link; the server answers the same whether or not the account exists (decision 020). */
export default function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const mutation = useMutation({ mutationFn: authApi.forgotPassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate(email.trim());
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Forgot your password?</h1>
        <p className={styles.lead}>Enter the email of your account and we will send you a link to set a new password.</p>
        {mutation.isSuccess ? <p className={styles.notice} role="status">{mutation.data.message}</p> : null}
        {mutation.isError ? <p className={styles.error} role="alert">{apiErrorMessage(mutation.error)}</p> : null}
        <form className={styles.form} method="post" onSubmit={submit} aria-busy={mutation.isPending}>
          <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
          <button type="submit" className={styles.submit} disabled={!hydrated || mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
        <p className={styles.switch}>
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      </div>
    </div>
  );
}
