import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { sendEmail, type EmailTemplate, type TemplateParams } from '../api/send-email';
import { storeInquiry, type InquiryFields } from '../api/store-inquiry';
import type { Errors } from '../utils/validate';
import { useFormToken } from './use-form-token';

/** `refused`: the server turned the request down (spam checks, office hours); its message shows, nothing is emailed. */
export type SendStatus = 'idle' | 'sending' | 'sent' | 'failed' | 'refused';

/** The honeypot's name: people never see the field, robots fill in anything called like this. */
export const HONEYPOT_NAME = 'website';

interface Options<V extends Record<string, string>> {
  initial: V;
  validate(values: V): Errors<V>;
  toParams(values: V): TemplateParams;
  /** Which EmailJS template the message goes out with (default: the contact template). */
  template?: EmailTemplate;
  /** What the server keeps of the request (issue 31): the inquiry sent beside the email. */
  toInquiry(values: V): InquiryFields;
}

/** State of a form that is validated in the browser and sent by email: idle -> errors | sending -> sent | failed. */
export function useSendForm<V extends Record<string, string>>({ initial, validate, toParams, template = 'contact', toInquiry }: Options<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [status, setStatus] = useState<SendStatus>('idle');
  const [refusal, setRefusal] = useState('');
  const formToken = useFormToken();
  // A retry after the email failed sends the same request again: the server already has it, once is enough.
  const storedRequest = useRef<string | null>(null);
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
    const honeypot = event.currentTarget.elements.namedItem(HONEYPOT_NAME);
    const website = honeypot instanceof HTMLInputElement ? honeypot.value : '';
    try {
      const inquiry = toInquiry(values);
      const key = JSON.stringify(inquiry);
      if (storedRequest.current !== key) {
        const stored = await storeInquiry(inquiry, await formToken.start(), website);
        if (stored.kind === 'refused') {
          setRefusal(stored.message);
          setStatus('refused');
          return;
        }
        if (stored.kind === 'stored') storedRequest.current = key;
      }
      await sendEmail(toParams(values), template);
      setValues(initial);
      storedRequest.current = null;
      formToken.reset();
      setStatus('sent');
    } catch (error) {
      console.error('Sending the message failed', error);
      setStatus('failed');
    } finally {
      sending.current = false;
    }
  };

  const field = (name: keyof V & string) => ({ name, value: values[name], error: errors[name], onChange });
  // The form's first focus starts its token, so the fill time is the visitor's, not the page's.
  return { values, errors, status, refusal, field, setField, onSubmit, onFocus: () => void formToken.start() };
}
