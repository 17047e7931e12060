import { useEffect, useId, useState } from 'react';
import type { Receivable, ReceivablesTotals } from '@institute/shared/contract';
import { formatDay, formatMoney } from '@institute/shared/rules';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import { Pager } from '../../../components/pager';
import { downloadFile } from '../../../lib/download';
import { downloadProblem } from '../../../lib/download-problem';
import { adminLedgerApi } from '@institute/shared/api/admin';
import { useReceivables, type ReceivablesQuery } from '../api/receivables';
import ui from '../../../components/admin-ui.module.css';
import styles from './receivables.module.css';

const FIRST_PAGE: ReceivablesQuery = { view: 'student', page: 1, limit: 20, sort: '-overdue', q: '' };
const SEARCH_DELAY_MS = 300;
const SORTS = [
  ['-overdue', 'Most overdue first'],
  ['overdue', 'Least overdue first'],
  ['-total', 'Largest balance first'],
  ['total', 'Smallest balance first'],
  ['dueOn', 'Oldest due date first'],
  ['-dueOn', 'Latest due date first'],
  ['name', 'Name (A-Z)'],
  ['-name', 'Name (Z-A)'],
  ['program', 'Course or program (A-Z)'],
  ['-program', 'Course or program (Z-A)'],
] as const;
const AGES = [
  ['notYetDue', 'Not yet due'],
  ['dueNow', 'Due now'],
  ['overdue1To30', 'Overdue 1-30 days'],
  ['overdue31To60', 'Overdue 31-60 days'],
  ['overdue61Plus', 'Overdue 60+ days'],
  ['total', 'Total'],
] as const;

type Sort = (typeof SORTS)[number][0];

const sessionText = (row: Receivable) => (row.session ? `Starts ${formatDay(row.session.startsOn)}` : 'No session');
const amount = (value: number) => (value === 0 ? <span className={ui.muted}>{formatMoney(0)}</span> : formatMoney(value));

/** The columns of either view; money columns are the server's figures, never summed here. */
function columnsOf(view: ReceivablesQuery['view']): (Column<Receivable, Sort> | false)[] {
  return [
    view === 'student' && {
      header: 'Student', rowHeader: true, sort: { ascending: 'name', descending: '-name' },
      cell: (row) => (
        <span className={ui.wrapAnywhere}>
          <span className={styles.block}>{row.student?.username}</span>
          <span className={`${styles.block} ${ui.muted}`}>{row.student?.email}</span>
        </span>
      ),
    },
    {
      header: 'Course or program', rowHeader: view === 'session', sort: { ascending: view === 'session' ? 'name' : 'program', descending: view === 'session' ? '-name' : '-program' },
      cell: (row) => <span className={ui.wrapAnywhere}>{row.program.title}</span>,
    },
    { header: 'Session', cell: sessionText },
    view === 'session' && { header: 'Students owing', cell: (row) => row.students },
    { header: 'Due on', sort: { ascending: 'dueOn', descending: '-dueOn' }, cell: (row) => formatDay(row.dueOn) },
    ...AGES.map(([key, label]): Column<Receivable, Sort> => ({
      header: label, className: styles.money, cell: (row) => amount(row[key]),
      ...(key === 'total' ? { sort: { descending: '-total', ascending: 'total' } } : {}),
    })),
  ];
}

function Totals({ totals }: { totals: ReceivablesTotals }) {
  return (
    <dl className={styles.totals} aria-label="Totals of every matching row">
      {AGES.map(([key, label]) => <div key={key}><dt>{label}</dt><dd>{formatMoney(totals[key])}</dd></div>)}
    </dl>
  );
}

/**
 * Who owes what (issue 30, decision 050): balances aged by due date, per student or per session. The server
 * searches, sorts, pages and totals; the CSV is the server's own file of every matching row.
 */
export function ReceivablesSection() {
  const id = useId();
  const [query, setQuery] = useState(FIRST_PAGE);
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const receivables = useReceivables(query);

  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.q === search.trim() ? q : { ...q, q: search.trim(), page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const exportCsv = async () => {
    setExporting(true);
    setExportError('');
    try {
      const file = await adminLedgerApi.receivablesCsv(query);
      downloadFile(file.name, file.blob, 'text/csv;charset=utf-8');
    } catch (error) {
      setExportError(downloadProblem('The CSV could not be downloaded', error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className={ui.listBar} role="search" aria-label="Find balances due">
        <div className={ui.field}>
          <label htmlFor={`${id}-view`}>Show</label>
          <select id={`${id}-view`} className={ui.input} value={query.view}
            onChange={(e) => setQuery({ ...query, view: e.target.value as ReceivablesQuery['view'], page: 1 })}>
            <option value="student">Per student</option>
            <option value="session">Per session</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-search`}>Search students or courses</label>
          <input id={`${id}-search`} className={ui.input} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} className={ui.input} value={query.sort} onChange={(e) => setQuery({ ...query, sort: e.target.value, page: 1 })}>
            {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <button type="button" className={ui.secondary} disabled={exporting || !receivables.data?.total} onClick={() => void exportCsv()}>
          {exporting ? 'Preparing CSV...' : 'Download CSV'}
        </button>
      </div>
      {exportError ? <p role="alert" className={ui.error}>{exportError}</p> : null}
      {receivables.isPending ? <Spinner label="Loading balances due..." /> : receivables.isError ? (
        <ErrorState>Failed to load the balances due. Please try again.</ErrorState>
      ) : receivables.data.total === 0 ? (
        <EmptyState>{query.q ? 'No balances due match the search.' : 'Nobody owes anything.'}</EmptyState>
      ) : (
        <>
          <Totals totals={receivables.data.totals} />
          <AdminTable<Receivable, Sort>
            caption={query.view === 'student' ? 'Balances due per student' : 'Balances due per session'}
            columns={columnsOf(query.view)}
            rows={receivables.data.items}
            rowKey={(row) => `${row.student?.id ?? ''}-${row.program.id}-${row.session?.id ?? ''}`}
            empty="No balances due."
            sort={{ value: query.sort as Sort, onSort: (sort) => setQuery({ ...query, sort, page: 1 }) }}
            busy={receivables.isFetching}
          />
          <Pager page={query.page} limit={query.limit} total={receivables.data.total} noun="rows" onPage={(page) => setQuery({ ...query, page })} />
        </>
      )}
    </>
  );
}
