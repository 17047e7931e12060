import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiErrorMessage, privacyApi, privacyKeys, type ExportFormat } from '@institute/shared/api';
import auth from '../../../components/form/form.module.css';
import profile from '../profile.module.css';
import { ErasureDialog } from './erasure-dialog';
import { saveFile } from './save-file';
import { YOUR_DATA_TEXT as TEXT } from './texts';
import styles from './your-data.module.css';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The profile's "Your data": download everything as JSON or CSV, and ask for erasure (issue 31, decision 048). */
export function YourData({ userId }: { userId: string }) {
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const mine = useQuery({ queryKey: privacyKeys.mine(userId), queryFn: () => privacyApi.mine(userId) });
  const download = useMutation({
    mutationFn: (format: ExportFormat) => privacyApi.exportData(userId, format),
    onSuccess: (file) => saveFile(file.name, file.blob),
  });
  const request = mine.data?.request ?? null;
  const open = request?.status === 'pending';

  return (
    <section className={profile.payments} aria-labelledby="your-data">
      <h2 id="your-data">{TEXT.heading}</h2>
      <p>{TEXT.intro}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={download.isPending} onClick={() => download.mutate('json')}>{TEXT.downloadJson}</button>
        <button type="button" className={styles.secondary} disabled={download.isPending} onClick={() => download.mutate('csv')}>{TEXT.downloadCsv}</button>
      </div>
      {download.isPending ? <p role="status">{TEXT.downloading}</p> : null}
      {download.isError ? <p className={auth.error} role="alert">{apiErrorMessage(download.error)}</p> : null}
      {sent && open ? <p className={auth.notice} role="status">{TEXT.sent}</p> : null}
      {open && !sent ? <p>{TEXT.pending(dayOf(request.requestedAt))}</p> : null}
      {request?.status === 'declined' ? <p>{TEXT.declined(dayOf(request.requestedAt), request.decisionReason ?? '')}</p> : null}
      {mine.isSuccess && !open ? (
        <button type="button" className={styles.danger} onClick={() => setAsking(true)}>{TEXT.askErase}</button>
      ) : null}
      {asking ? <ErasureDialog userId={userId} onClose={(done) => {
        setAsking(false);
        if (done) setSent(true);
      }} /> : null}
    </section>
  );
}
