import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@institute/shared/router';
import { useMutation } from '@tanstack/react-query';
import { apiErrorMessage, authApi } from '@institute/shared/api';
import { useHydrated } from '@institute/shared/ui';
import { PasswordField } from '../../components/form/password-field';
import styles from '../../components/form/form.module.css';

/** The emailed link lands here (/reset-password?token=...): one new password, then sign in again everywhere. */
export default function ResetPasswordPage() {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the token then leaves the address bar and the history entry (replaced, not pushed), so it is not
  // left in the browser's history, a shared screen or a bookmark (issue 28).
  const [token] = useState(() => new URLSearchParams(location.search).get('token') ?? '');
  useEffect(() => {
    if (new URLSearchParams(location.search).has('token')) navigate(location.pathname, { replace: true });
  }, [location.search, location.pathname, navigate]);
  const [password, setPassword] = useState('');
  const mutation = useMutation({ mutationFn: (next: string) => authApi.resetPassword(token, next) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate(password);
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Set a new password</h1>
        {!token ? (
          <p className={styles.error} role="alert">This link has no reset token. <Link to="/forgot-password">Ask for a new link</Link>.</p>
        ) : mutation.isSuccess ? (
          <p className={styles.notice} role="status">{mutation.data.message} <Link to="/login">Log in</Link></p>
        ) : (
          <>
            <p className={styles.lead}>At least 8 characters; avoid common passwords and your own name or email.</p>
            {mutation.isError ? (
              <p className={styles.error} role="alert">
                {apiErrorMessage(mutation.error)} <Link to="/forgot-password">Ask for a new link</Link>
              </p>
            ) : null}
            <form className={styles.form} method="post" onSubmit={submit} aria-busy={mutation.isPending}>
              <PasswordField label="New password" value={password} onChange={setPassword} autoComplete="new-password" />
              <button type="submit" className={styles.submit} disabled={!hydrated || mutation.isPending}>Set new password</button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
