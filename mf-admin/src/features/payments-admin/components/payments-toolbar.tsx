import { useId } from 'react';
import ui from '../../../components/admin-ui.module.css';
import styles from './payments-admin.module.css';

interface Props {
  statuses: string[];
  status: string;
  search: string;
  exportable: boolean;
  onStatus(value: string): void;
  onSearch(value: string): void;
  onExport(): void;
}

export function PaymentsToolbar({ statuses, status, search, exportable, onStatus, onSearch, onExport }: Props) {
  const id = useId();
  return (
    <div className={styles.toolbar} role="search" aria-label="Filter payments">
      <div className={ui.field}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} className={ui.input} value={status} onChange={(e) => onStatus(e.target.value)}>
          <option value="">All statuses</option>
          {statuses.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </div>
      <div className={`${ui.field} ${styles.grow}`}>
        <label htmlFor={`${id}-search`}>Search by user or program</label>
        <input id={`${id}-search`} className={ui.input} type="search" value={search} onChange={(e) => onSearch(e.target.value)} />
      </div>
      <button type="button" className={ui.secondary} onClick={onExport} disabled={!exportable}>
        Export CSV
      </button>
    </div>
  );
}
