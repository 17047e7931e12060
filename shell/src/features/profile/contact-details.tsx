import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answeredStatus, apiErrorMessage, contactApi, queryKeys } from '@institute/shared/api';
import type { User } from '@institute/shared/contract';
import auth from '../../components/form/form.module.css';
import styles from './profile.module.css';

export const CONTACT_SAVED = 'Your contact details were saved.';

type Field = 'legalName' | 'phone';

/** The server checks the name first, then the phone, and names which in its sentence: the error goes beside that field. */
const fieldOf = (message: string): Field => (/phone/i.test(message) ? 'phone' : 'legalName');

function ContactField({ label, value, error, onChange, ...input }: {
  label: string; name: Field; value: string; error: string | null; type: string; autoComplete: string; maxLength: number;
  onChange(value: string): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={auth.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} value={value} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error ? <p id={errorId} className={styles.fieldError}>{error}</p> : null}
    </div>
  );
}

/** Issue 31: the legal name certificates and receipts carry, and a phone; the server validates and normalises both. */
export function ContactDetails({ user }: { user: User }) {
  const client = useQueryClient();
  const [legalName, setLegalName] = useState(user.legalName ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const mutation = useMutation({
    mutationFn: () => contactApi.save(user._id, { legalName, phone }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.user(user._id), saved);
      setLegalName(saved.legalName ?? '');
      setPhone(saved.phone ?? '');
    },
  });
  const refused = mutation.isError && answeredStatus(mutation.error) === 400 ? apiErrorMessage(mutation.error) : null;
  const errorAt = (field: Field) => (refused && fieldOf(refused) === field ? refused : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  return (
    <section className={styles.payments} aria-labelledby="contact-details">
      <h2 id="contact-details">Contact details</h2>
      <p className={styles.note}>Your legal name appears on your certificates and receipts; leave it empty to use your username.</p>
      {mutation.isSuccess ? <p className={auth.notice} role="status">{CONTACT_SAVED}</p> : null}
      {mutation.isError && !refused ? <p className={auth.error} role="alert">{apiErrorMessage(mutation.error)}</p> : null}
      <form className={auth.form} onSubmit={submit} aria-busy={mutation.isPending}>
        <ContactField label="Legal name" name="legalName" type="text" autoComplete="name" maxLength={100}
          value={legalName} onChange={setLegalName} error={errorAt('legalName')} />
        <ContactField label="Phone" name="phone" type="tel" autoComplete="tel" maxLength={40}
          value={phone} onChange={setPhone} error={errorAt('phone')} />
        <button type="submit" className={auth.submit} disabled={mutation.isPending}>Save contact details</button>
      </form>
    </section>
  );
}
