import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useAuth } from '@institute/shared/auth';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { Pager } from '../../../components/pager';
import { downloadFile } from '../../../lib/download';
import { toCsv } from '../utils/csv';
import { CSV_HEADER, csvRow } from '../utils/payment-rows';
import { fetchAllMatching, paymentsError, usePaymentsPage, type PaymentsQuery } from '../api/payments';
import { PaymentsTable, type LedgerTarget } from './payments-table';
import { PaymentsToolbar } from './payments-toolbar';
import { UnsentEmails } from './unsent-emails';
import ui from '../../../components/admin-ui.module.css';
import styles from './payments-admin.module.css';

const FIRST_PAGE: PaymentsQuery = { page: 1, limit: 20, sort: '-createdAt', q: '', status: '' };
/** Typing pauses this long before the server is asked, so a word is one request, not one per letter. */
const SEARCH_DELAY_MS = 300;

/** One student's ledger above the table, opened from a payment's row; its heading takes focus so the move is announced. */
/** The student ledger panel (features/ledger), handed in by the admin page: features do not import each other. */
export type LedgerPanel = ComponentType<{ userId: string; focusProgramId?: string | undefined }>;

function LedgerRegion({ target, panel: Panel, onClose }: { target: LedgerTarget; panel: LedgerPanel; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [target]);
  return (
    <section className={styles.ledger} aria-labelledby="payments-ledger-title">
      <div className={styles.ledgerHeader}>
        <h2 id="payments-ledger-title" ref={heading} tabIndex={-1} className={ui.subtitle}>Balance of {target.username}</h2>
        <button type="button" className={ui.secondary} onClick={onClose}>Close balance</button>
      </div>
      <Suspense fallback={<Spinner label="Loading the balance..." />}>
        <Panel userId={target.userId} focusProgramId={target.programId} />
      </Suspense>
    </section>
  );
}

/** The admin's payments, a page at a time: filtered, searched and sorted on the server (decision 021). */
export function PaymentsSection({ ledgerPanel }: { ledgerPanel?: LedgerPanel | undefined } = {}) {
  const { token } = useAuth();
  const [query, setQuery] = useState(FIRST_PAGE);
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [ledgerFor, setLedgerFor] = useState<LedgerTarget | null>(null);
  const payments = usePaymentsPage(query, Boolean(token));

  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.q === search.trim() ? q : { ...q, q: search.trim(), page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  if (!token) return <ErrorState>You are not authorized to view this page.</ErrorState>;
  if (payments.isPending) return <Spinner label="Loading payments..." />;
  if (payments.isError) return <ErrorState>{paymentsError(payments.error)}</ErrorState>;
  const { items, total } = payments.data;
  const filtered = Boolean(query.q || query.status);
  if (total === 0 && !filtered && !search) return <EmptyState>No payments found.</EmptyState>;

  const exportCsv = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      const rows = await fetchAllMatching(query);
      const day = new Date().toISOString().slice(0, 10);
      // The BOM makes spreadsheet programs read the file as UTF-8 (names with accents).
      downloadFile(`payments-${day}.csv`, `\uFEFF${toCsv([CSV_HEADER, ...rows.map(csvRow)])}`, 'text/csv;charset=utf-8');
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  const first = (query.page - 1) * query.limit + 1;

  return (
    <>
      <PaymentsToolbar
        status={query.status}
        search={search}
        sort={query.sort}
        exportable={total > 0 && !exporting}
        exporting={exporting}
        onStatus={(status) => setQuery({ ...query, status, page: 1 })}
        onSearch={setSearch}
        onSort={(sort) => setQuery({ ...query, sort, page: 1 })}
        onExport={() => void exportCsv()}
      />
      {exportFailed ? <p role="alert" className={ui.error}>The CSV could not be made. Please try again.</p> : null}
      <p className={styles.summary} role="status">
        {total === 0 ? 'Showing 0 payments' : `Showing ${first}-${first + items.length - 1} of ${payments.data.totalCapped ? `${total.toLocaleString('en-US')}+` : total} payments`}
      </p>
      {ledgerFor && ledgerPanel ? <LedgerRegion target={ledgerFor} panel={ledgerPanel} onClose={() => setLedgerFor(null)} /> : null}
      <PaymentsTable payments={items} empty="No payments match the filters." onLedger={ledgerPanel ? setLedgerFor : undefined} />
      {total > query.limit ? <Pager page={query.page} limit={query.limit} total={total} noun="payments" onPage={(page) => setQuery({ ...query, page })} /> : null}
      <UnsentEmails />
    </>
  );
}
