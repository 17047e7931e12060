import { answeredStatus, inquiriesApi, serverMessage } from '@institute/shared/api';
import type { InquiryInput } from '@institute/shared/contract';

/** What the form posts beside its email, without the spam fields the hook adds. */
export type InquiryFields = Omit<InquiryInput, 'website' | 'formToken'>;

export type StoreOutcome = { kind: 'stored' } | { kind: 'refused'; message: string } | { kind: 'unavailable' };

/**
 * Stores the request on the server. The server refusing it (spam, a time outside office hours: a 4xx) is the
 * visitor's to fix, so the message shows and nothing is emailed; the server not answering (down, 5xx, no form
 * token) must not cost the visitor their message, so the email still goes.
 */
export async function storeInquiry(fields: InquiryFields, formToken: string | null, website: string): Promise<StoreOutcome> {
  if (!formToken) return { kind: 'unavailable' };
  try {
    await inquiriesApi.send({ ...fields, website, formToken });
    return { kind: 'stored' };
  } catch (error) {
    const status = answeredStatus(error);
    if (status !== null && status >= 400 && status < 500) {
      return { kind: 'refused', message: serverMessage(error) ?? 'Your message could not be sent. Please check it and try again.' };
    }
    console.error('Storing the inquiry failed; the email is sent anyway', error);
    return { kind: 'unavailable' };
  }
}
