import { useId } from 'react';
import { ProgramCombobox } from '@institute/shared/ui';
import { useSendForm } from '../hooks/use-send-form';
import { todayInputValue, validateContact, type Errors } from '../utils/validate';
import { FormField } from './form-field';
import { Honeypot } from './honeypot';
import { SendResult, SubmitButton } from './send-result';
import styles from './form.module.css';

const INITIAL = { name: '', email: '', number: '', date: '', time: '', program: '', reason: '' };
type Values = typeof INITIAL;

function validate(values: Values): Errors<Values> {
  const errors: Errors<Values> = validateContact(values);
  // yyyy-mm-dd strings compare in date order.
  if (values.date && values.date < todayInputValue()) errors.date = 'Preferred date cannot be in the past';
  return errors;
}

/**
 * The request goes through the contact template: the details are sent as their own parameters and
 * also written into `message`, so a template that only knows the contact fields still shows them.
 */
function toParams(v: Values) {
  const t = (s: string) => s.trim();
  const message = [
    'Appointment request',
    `Preferred date: ${t(v.date)}`,
    `Preferred time: ${t(v.time)}`,
    `Program: ${t(v.program)}`,
    `Reason: ${t(v.reason)}`,
  ].join('\n');
  return {
    name: t(v.name), email: t(v.email), number: t(v.number),
    preferred_date: t(v.date), preferred_time: t(v.time), program: t(v.program), reason: t(v.reason), message,
  };
}

/** What the server keeps: the request's own fields, the date and time checked there against office hours. */
function toInquiry(v: Values) {
  const t = (s: string) => s.trim();
  return {
    kind: 'appointment' as const, name: t(v.name), email: t(v.email), number: t(v.number), program: t(v.program),
    date: t(v.date), time: t(v.time), message: t(v.reason),
  };
}

export function AppointmentForm() {
  const headingId = useId();
  const { status, refusal, field, setField, onSubmit, onFocus } = useSendForm({ initial: INITIAL, validate, toParams, toInquiry, template: 'appointment' });

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>Request an Appointment</h2>
      <form className={styles.form} noValidate onSubmit={onSubmit} onFocus={onFocus}>
        <FormField label="Name" required autoComplete="name" {...field('name')} />
        <FormField label="Email" type="email" required autoComplete="email" {...field('email')} />
        <FormField label="Phone" type="tel" autoComplete="tel" {...field('number')} />
        {/* Suggestions come from the server as the visitor types; the field stays free text, so a failed search changes nothing. */}
        <ProgramCombobox label="Program" name="program" value={field('program').value} error={field('program').error}
          onValue={(value) => setField('program', value)} classes={styles} />
        <FormField label="Preferred date" type="date" min={todayInputValue()} {...field('date')} />
        <FormField label="Preferred time" type="time" {...field('time')} />
        <FormField label="Reason" multiline {...field('reason')} />
        <Honeypot />
        <div className={styles.actions}>
          <SubmitButton status={status} label="Request Appointment" />
        </div>
      </form>
      <SendResult status={status} refusal={refusal} />
    </section>
  );
}
