import { useHydrated } from '@institute/shared/ui';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@institute/shared/router';
import { useMutation } from '@tanstack/react-query';
import { apiErrorMessage, authApi } from '@institute/shared/api';
import { readSignInState, useAuth } from '@institute/shared/auth';
import { BusyOverlay } from '../../components/form/busy-overlay';
import { PasswordField } from '../../components/form/password-field';
import { TextField } from '../../components/form/text-field';
import styles from '../../components/form/form.module.css';

/**
 * A page that sends the visitor here may leave a one-line notice (e.g. the profile's "Unauthorized"), or say why
 * signing in is needed and where to return (readSignInState).
 */
function readNotice(state: unknown): string | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : undefined;
}

export default function LoginPage() {
  // Until hydrated the prerendered button stays disabled: no native submit, no input lost (see TextField).
  const hydrated = useHydrated();
  const { login } = useAuth();
  const navigate = useNavigate();
  const { state } = useLocation();
  const notice = readNotice(state);
  const plan = readSignInState(state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const mutation = useMutation({
    mutationFn: authApi.login,
    onSuccess: ({ token, userId }) => {
      if (!login(token, userId)) throw new Error('The server returned a token that cannot be read.');
      // Back to the page that sent the visitor, in place of this form: Back then skips a form with nothing to do.
      void navigate(plan.to, { replace: true, state: plan.state });
    },
    // Logged as the spec says, and shown (issue 13): no answer, 429 and 5xx have their own text, other 4xx the
    // server's message ("Invalid email or password."). The button is usable again to retry.
    onError: (error) => console.error('[login] Sign-in failed:', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate({ email: email.trim(), password });
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Welcome Back!</h1>
        <p className={styles.lead}>Log in to continue your learning.</p>
        {plan.message ? <p className={styles.notice}>{plan.message}</p> : null}
        {notice && !mutation.isError ? <p className={styles.notice} role="alert">{notice}</p> : null}
        {mutation.isError ? <p className={styles.error} role="alert">{apiErrorMessage(mutation.error)}</p> : null}
        <form className={styles.form} method="post" onSubmit={submit} aria-busy={mutation.isPending}>
          <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
          <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
          <button type="submit" className={styles.submit} disabled={!hydrated || mutation.isPending}>Login</button>
        </form>
        <p className={styles.switch}>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p className={styles.switch}>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
        {mutation.isPending ? <BusyOverlay label="Logging in..." /> : null}
      </div>
    </div>
  );
}
