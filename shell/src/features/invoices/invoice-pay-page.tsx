import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, invoiceKeys, invoiceQuery, invoicesApi } from '@institute/shared/api';
import { useParams, useSearchParams } from '@institute/shared/router';
import { formatMoney } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { InvoiceSheet } from './invoice-sheet';
import { redirect } from './redirect';
import styles from './invoice.module.css';

export const INVOICE_PAGE_TEXT = {
  notFound: 'This invoice could not be found. Check the link in the email, or contact the institute.',
  confirming: 'Confirming your payment with PayPal...',
  paid: 'Thank you: this invoice is paid. A receipt of this page can be printed for your records.',
  cancelled: 'Payment cancelled. Nothing was charged.',
  redirecting: 'Opening PayPal...',
} as const;

/**
 * /invoices/:code/pay: an employer invoice read and paid through its emailed link, without an account (decision 052).
 * Paying opens PayPal for exactly the invoice's total; PayPal sends the payer back here with the order, which is
 * captured once (a reload or a second tab reads the paid invoice).
 */
export default function InvoicePayPage() {
  const { code = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const client = useQueryClient();
  const invoice = useQuery(invoiceQuery(code));
  const [notice, setNotice] = useState<string | null>(search.get('cancelled') ? INVOICE_PAGE_TEXT.cancelled : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'capture' | 'order' | null>(null);
  // PayPal names the order on both returns; only the approved one (not ?cancelled) is captured.
  const returned = search.get('cancelled') ? null : search.get('token');
  const captured = useRef<string | null>(null);

  useEffect(() => {
    if (!returned || captured.current === returned) return;
    captured.current = returned;
    setBusy('capture');
    invoicesApi.capture(code, returned)
      .then(async (paid) => {
        // The invoice read when the page opened may still be on its way: the capture's answer is newer.
        await client.cancelQueries({ queryKey: invoiceKeys.byCode(code) });
        client.setQueryData(invoiceKeys.byCode(code), paid);
        setNotice(INVOICE_PAGE_TEXT.paid);
        setSearch({}, { replace: true });
      })
      .catch((e: unknown) => setError(apiErrorMessage(e)))
      .finally(() => setBusy(null));
  }, [client, code, returned, setSearch]);

  async function pay(total: number) {
    setError(null);
    setBusy('order');
    try {
      const { approvalUrl } = await invoicesApi.order(code, total);
      redirect(approvalUrl);
    } catch (e) {
      setError(apiErrorMessage(e));
      setBusy(null);
    }
  }

  if (invoice.isPending) return <div className={styles.page}><h1 className={styles.title}>Invoice</h1><Spinner label="Loading invoice..." /></div>;
  if (invoice.isError || invoice.data === null) {
    return <div className={styles.page}><h1 className={styles.title}>Invoice</h1><ErrorState>{INVOICE_PAGE_TEXT.notFound}</ErrorState></div>;
  }
  const data = invoice.data;
  return (
    <div className={styles.page}>
      <InvoiceSheet invoice={data} />
      <div role="status" aria-live="polite">
        {busy === 'capture' && <Spinner label={INVOICE_PAGE_TEXT.confirming} />}
        {notice && <p className={styles.notice}>{notice}</p>}
      </div>
      {error && <p className={styles.notice} role="alert">{error}</p>}
      <div className={styles.actions}>
        {data.status === 'open' && (
          <button type="button" className={styles.pay} disabled={busy !== null} onClick={() => void pay(data.total)}>
            {busy === 'order' ? INVOICE_PAGE_TEXT.redirecting : `Pay ${formatMoney(data.total, { cents: true })} with PayPal`}
          </button>
        )}
        <button type="button" className={styles.print} onClick={() => window.print()}>Print invoice</button>
      </div>
    </div>
  );
}
