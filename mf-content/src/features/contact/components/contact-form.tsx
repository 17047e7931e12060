import { useId } from 'react';
import { useSendForm } from '../hooks/use-send-form';
import { validateContact } from '../utils/validate';
import { FormField } from './form-field';
import { Honeypot } from './honeypot';
import { SendResult, SubmitButton } from './send-result';
import styles from './form.module.css';

const INITIAL = { name: '', email: '', number: '', message: '' };

export function ContactForm() {
  const headingId = useId();
  const { status, refusal, field, onSubmit, onFocus } = useSendForm({
    initial: INITIAL,
    validate: validateContact,
    // The template parameters are exactly the spec's contact message fields.
    toParams: (v) => ({ name: v.name.trim(), email: v.email.trim(), number: v.number.trim(), message: v.message.trim() }),
    toInquiry: (v) => ({ kind: 'contact', name: v.name.trim(), email: v.email.trim(), number: v.number.trim(), message: v.message.trim() }),
  });

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>Send Us a Message</h2>
      <form className={styles.form} noValidate onSubmit={onSubmit} onFocus={onFocus}>
        <FormField label="Name" required autoComplete="name" {...field('name')} />
        <FormField label="Email" type="email" required autoComplete="email" {...field('email')} />
        <FormField label="Phone" type="tel" autoComplete="tel" {...field('number')} />
        <FormField label="Message" multiline {...field('message')} />
        <Honeypot />
        <div className={styles.actions}>
          <SubmitButton status={status} label="Send Message" />
        </div>
      </form>
      <SendResult status={status} refusal={refusal} />
    </section>
  );
}
