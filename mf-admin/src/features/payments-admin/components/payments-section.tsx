import { useMemo, useState } from 'react';
import { useAuth } from '@institute/shared/auth';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { downloadFile } from '../../../lib/download';
import { toCsv } from '../api/csv';
import { CSV_HEADER, csvRow, filterPayments, statusesOf } from '../api/payment-rows';
import { paymentsError, usePayments } from '../api/payments';
import { PaymentsTable } from './payments-table';
import { PaymentsToolbar } from './payments-toolbar';
import { UnsentEmails } from './unsent-emails';
import styles from './payments-admin.module.css';

export function PaymentsSection() {
  const { token } = useAuth();
  const payments = usePayments(Boolean(token));
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const all = payments.data;
  const shown = useMemo(() => filterPayments(all ?? [], status, search), [all, status, search]);

  if (!token) return <ErrorState>You are not authorized to view this page.</ErrorState>;
  if (payments.isPending) return <Spinner label="Loading payments..." />;
  if (payments.isError) return <ErrorState>{paymentsError(payments.error)}</ErrorState>;
  if (payments.data.length === 0) return <EmptyState>No payments found.</EmptyState>;

  const exportCsv = () => {
    const day = new Date().toISOString().slice(0, 10);
    // The BOM makes spreadsheet programs read the file as UTF-8 (names with accents).
    downloadFile(`payments-${day}.csv`, `\uFEFF${toCsv([CSV_HEADER, ...shown.map(csvRow)])}`, 'text/csv;charset=utf-8');
  };

  return (
    <>
      <PaymentsToolbar
        statuses={statusesOf(payments.data)}
        status={status}
        search={search}
        exportable={shown.length > 0}
        onStatus={setStatus}
        onSearch={setSearch}
        onExport={exportCsv}
      />
      <p className={styles.summary} role="status">Showing {shown.length} of {payments.data.length} payments</p>
      {shown.length === 0 ? <EmptyState>No payments match the filters.</EmptyState> : <PaymentsTable payments={shown} />}
      <UnsentEmails />
    </>
  );
}
