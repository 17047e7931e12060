import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { sendEmail, type EmailTemplate, type TemplateParams } from '../api/send-email';
import type { Errors } from '../utils/validate';

export type SendStatus = 'idle' | 'sending' | 'sent' | 'failed';

interface Options<V extends Record<string, string>> {
  initial: V;
  validate(values: V): Errors<V>;
  toParams(values: V): TemplateParams;
  /** Which EmailJS template the message goes out with (default: the contact template). */
  template?: EmailTemplate;
}

/** State of a form that is validated in the browser and sent by email: idle -> errors | sending -> sent | failed. */
export function useSendForm<V extends Record<string, string>>({ initial, validate, toParams, template = 'contact' }: Options<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [status, setStatus] = useState<SendStatus>('idle');
  // A ref, not state: a second click in the same tick must see the first send at once.
  const sending = useRef(false);

  const setField = (name: keyof V & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Once a field shows an error it is re-checked as the visitor types, so the message goes when fixed.
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: validate(next)[name] }));
  };
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setField(event.target.name as keyof V & string, event.target.value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const found = validate(values);
    setErrors(found);
    const first = (Object.keys(initial) as (keyof V)[]).find((key) => found[key]);
    if (first) {
      const element = event.currentTarget.elements.namedItem(String(first));
      if (element instanceof HTMLElement) element.focus();
      setStatus('idle');
      return;
    }
    sending.current = true;
    setStatus('sending');
    try {
      await sendEmail(toParams(values), template);
      setValues(initial);
      setStatus('sent');
    } catch (error) {
      console.error('Sending the message failed', error);
      setStatus('failed');
    } finally {
      sending.current = false;
    }
  };

  const field = (name: keyof V & string) => ({ name, value: values[name], error: errors[name], onChange });
  return { values, errors, status, field, setField, onSubmit };
}
