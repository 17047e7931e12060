import { useHydrated } from '@institute/shared/ui';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@institute/shared/router';
import { useMutation } from '@tanstack/react-query';
import { apiErrorMessage, authApi } from '@institute/shared/api';
import { BusyOverlay } from '../../components/form/busy-overlay';
import { PasswordField } from '../../components/form/password-field';
import { TextField } from '../../components/form/text-field';
import styles from '../../components/form/form.module.css';

export default function RegisterPage() {
  // Until hydrated the prerendered button stays disabled: no native submit, no input lost (see TextField).
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const mutation = useMutation({
    // authApi.register always sends role "user"; the server decides roles, never this form.
    mutationFn: authApi.register,
    onSuccess: () => navigate('/login', { state: { notice: 'Account created. You can log in now.' } }),
    // Logged as the spec says, and shown (issue 13): no answer, 429 and 5xx have their own text, other 4xx the
    // server's message (an email or username already taken). The button is usable again to retry.
    onError: (error) => console.error('[register] Sign-up failed:', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate({ email: email.trim(), username: username.trim(), password });
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Create an Account</h1>
        <p className={styles.lead}>Join to enroll in courses and quick programs.</p>
        {mutation.isError ? <p className={styles.error} role="alert">{apiErrorMessage(mutation.error)}</p> : null}
        <form className={styles.form} method="post" onSubmit={submit} aria-busy={mutation.isPending}>
          <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
          <TextField label="Username" name="username" type="text" autoComplete="username" value={username} onChange={setUsername} />
          <PasswordField value={password} onChange={setPassword} autoComplete="new-password" />
          <button type="submit" className={styles.submit} disabled={!hydrated || mutation.isPending}>Sign Up</button>
        </form>
        <p className={styles.switch}>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
        {mutation.isPending ? <BusyOverlay label="Creating your account..." /> : null}
      </div>
    </div>
  );
}
