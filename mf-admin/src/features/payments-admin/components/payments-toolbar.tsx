import { useId } from 'react';
import ui from '../../../components/admin-ui.module.css';
import styles from './payments-admin.module.css';

/** Every status a payment can have (the server filters by it). */
export const STATUSES = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'CREATED', 'CANCELLED', 'FAILED', 'REJECTED'];
const SORTS = [
  ['-createdAt', 'Newest first'], ['createdAt', 'Oldest first'], ['-amount', 'Amount (high to low)'], ['amount', 'Amount (low to high)'],
  ['status', 'Status'], ['user', 'User (A-Z)'], ['program', 'Program (A-Z)'],
] as const;

interface Props {
  status: string;
  search: string;
  sort: string;
  exportable: boolean;
  exporting: boolean;
  onStatus(value: string): void;
  onSearch(value: string): void;
  onSort(value: string): void;
  onExport(): void;
}

export function PaymentsToolbar({ status, search, sort, exportable, exporting, onStatus, onSearch, onSort, onExport }: Props) {
  const id = useId();
  return (
    <div className={styles.toolbar} role="search" aria-label="Filter payments">
      <div className={ui.field}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} className={ui.input} value={status} onChange={(e) => onStatus(e.target.value)}>
          <option value="">All statuses</option>
          {STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </div>
      <div className={`${ui.field} ${styles.grow}`}>
        <label htmlFor={`${id}-search`}>Search by user or program</label>
        <input id={`${id}-search`} className={ui.input} type="search" value={search} onChange={(e) => onSearch(e.target.value)} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} className={ui.input} value={sort} onChange={(e) => onSort(e.target.value)}>
          {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </div>
      <button type="button" className={ui.secondary} onClick={onExport} disabled={!exportable}>
        {exporting ? 'Exporting...' : 'Export CSV'}
      </button>
    </div>
  );
}
