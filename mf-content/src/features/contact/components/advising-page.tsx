import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { advisingApi, advisingKeys, advisingSlotsQuery, answeredStatus, serverMessage } from '@institute/shared/api';
import type { AdvisingSlot } from '@institute/shared/contract';
import { Link } from '@institute/shared/router';
import { Banner } from '@institute/shared/ui';
import { useFormToken } from '../hooks/use-form-token';
import { HONEYPOT_NAME } from '../hooks/use-send-form';
import { validateContact, type Errors } from '../utils/validate';
import { FormField } from './form-field';
import { Honeypot } from './honeypot';
import styles from './form.module.css';
import page from './contact.module.css';
import advising from './advising.module.css';

export const ADVISING_PAGE_TEXT = {
  intro: 'Talk to an admissions advisor about programs, schedules and payment options. Choose a free time and tell us what you would like to discuss.',
  none: 'No advising times are open right now. Please send us a message or request an appointment instead.',
  loadFailed: 'The advising times could not be loaded. Please reload the page or call us.',
  chooseSlot: 'Choose a time',
  topic: 'Tell us what you would like to talk about.',
  failed: 'Your booking could not be sent. Please try again.',
} as const;

const INITIAL = { name: '', email: '', number: '', topic: '' };
type Values = typeof INITIAL;
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'booked'; message: string } | { kind: 'refused'; message: string };

function validate(values: Values): Errors<Values> {
  const errors: Errors<Values> = validateContact(values);
  if (!values.topic.trim()) errors.topic = ADVISING_PAGE_TEXT.topic;
  return errors;
}

const placesText = (slot: AdvisingSlot) => (slot.placesLeft > 1 ? ` (${slot.placesLeft} places left)` : '');

/**
 * Bookable advising slots (issue 31, decision 045): the open times in the institute's time zone, said so, and a
 * booking form behind the same spam checks as the contact form. A refused booking (taken meanwhile) shows the
 * server's sentence and the list is read again.
 */
export function AdvisingPage() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const slots = useQuery(advisingSlotsQuery());
  const formToken = useFormToken();
  const [slotId, setSlotId] = useState('');
  const [slotError, setSlotError] = useState('');
  const [values, setValues] = useState(INITIAL);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const field = (name: keyof Values) => ({
    name, value: values[name], error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((prev) => ({ ...prev, [name]: event.target.value })),
  });

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const found = validate(values);
    setErrors(found);
    setSlotError(slotId ? '' : ADVISING_PAGE_TEXT.chooseSlot);
    if (!slotId || Object.keys(found).length > 0) return;
    const honeypot = event.currentTarget.elements.namedItem(HONEYPOT_NAME);
    const website = honeypot instanceof HTMLInputElement ? honeypot.value : '';
    setStatus({ kind: 'sending' });
    try {
      const token = await formToken.start();
      const booked = await advisingApi.book({
        slotId, name: values.name.trim(), email: values.email.trim(), number: values.number.trim(), topic: values.topic.trim(), website, formToken: token ?? '',
      });
      setStatus({ kind: 'booked', message: booked.message });
      setValues(INITIAL);
      setSlotId('');
      formToken.reset();
    } catch (error) {
      const answered = answeredStatus(error);
      setStatus({ kind: 'refused', message: answered !== null && answered < 500 ? serverMessage(error) ?? ADVISING_PAGE_TEXT.failed : ADVISING_PAGE_TEXT.failed });
    } finally {
      void queryClient.invalidateQueries({ queryKey: advisingKeys.open });
    }
  };

  const items = slots.data?.items ?? [];
  return (
    <>
      <Banner title="Book an Advising Session" />
      <div className={page.page}>
        <section className={styles.card} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.heading}>Free advising times</h2>
          <p>{ADVISING_PAGE_TEXT.intro}</p>
          {slots.data ? (
            <p className={advising.zone}>
              All times are in the institute&apos;s time zone, {slots.data.timeZone}. Office hours: {slots.data.officeHours}.
            </p>
          ) : null}
          {slots.isPending ? <p role="status">Loading advising times...</p> : null}
          {slots.isError ? <p role="alert" className={styles.failure}>{ADVISING_PAGE_TEXT.loadFailed}</p> : null}
          {status.kind === 'booked' ? <p role="status" className={styles.success}>{status.message}</p> : null}
          {slots.data && items.length === 0 ? (
            <p>
              {ADVISING_PAGE_TEXT.none} <Link to="/contact">Contact us</Link> or <Link to="/appointment">request an appointment</Link>.
            </p>
          ) : null}
          {items.length > 0 ? (
            <form className={styles.form} noValidate onSubmit={onSubmit} onFocus={() => void formToken.start()}>
              <fieldset className={`${advising.slots} ${styles.wide}`} aria-describedby={slotError ? 'advising-slot-error' : undefined}>
                <legend className={styles.label}>{ADVISING_PAGE_TEXT.chooseSlot}<span className={styles.required} aria-hidden="true"> *</span></legend>
                <ul className={advising.list}>
                  {items.map((slot) => (
                    <li key={slot._id}>
                      <label className={advising.slot}>
                        <input type="radio" name="slotId" value={slot._id} checked={slotId === slot._id}
                          onChange={() => { setSlotId(slot._id); setSlotError(''); }} />
                        <span>{slot.when} with {slot.advisor}{placesText(slot)}</span>
                      </label>
                    </li>
                  ))}
                </ul>
                {slotError ? <p id="advising-slot-error" className={styles.error}>{slotError}</p> : null}
              </fieldset>
              <FormField label="Name" required autoComplete="name" {...field('name')} />
              <FormField label="Email" type="email" required autoComplete="email" {...field('email')} />
              <FormField label="Phone" type="tel" autoComplete="tel" {...field('number')} />
              <FormField label="What would you like to talk about?" required multiline {...field('topic')} />
              <Honeypot />
              <div className={styles.actions}>
                <button type="submit" className={styles.submit} disabled={status.kind === 'sending'}>
                  {status.kind === 'sending' ? 'Booking...' : 'Book this time'}
                </button>
              </div>
            </form>
          ) : null}
          {status.kind === 'refused' ? <p role="alert" className={styles.failure}>{status.message}</p> : null}
        </section>
      </div>
    </>
  );
}
