import { useState } from 'react';
import type { VitalStats } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { RATING_LABEL, formatValue, rate, useVitalsReport, type Rating } from '../api/vitals';
import { AdminTable, type Column } from '../../../components/admin-table';
import { PeriodToggle, type WindowDays } from '../../../components/period-toggle';
import styles from './performance.module.css';

const METRICS = [
  { key: 'LCP', header: 'LCP (s)' },
  { key: 'CLS', header: 'CLS' },
  { key: 'INP', header: 'INP (ms)' },
] as const;

const RATING_CLASS: Record<Rating, string | undefined> = {
  good: styles.good,
  'needs-improvement': styles.needsImprovement,
  poor: styles.poor,
};

const samples = (n: number) => `${n} ${n === 1 ? 'sample' : 'samples'}`;

function Metric({ stats, metric }: { stats: VitalStats; metric: (typeof METRICS)[number]['key'] }) {
  const stat = stats[metric];
  if (!stat) return <span className={styles.none}>No data</span>;
  const rating = rate(metric, stat.p75);
  return (
    <span className={styles.cell}>
      <span className={styles.value}>{formatValue(metric, stat.p75)}</span>
      <span className={`${styles.rating} ${RATING_CLASS[rating] ?? ''}`}>{RATING_LABEL[rating]}</span>
      <span className={styles.samples}>{samples(stat.samples)}</span>
    </span>
  );
}

interface VitalsRow { key: string; label: string; metrics: VitalStats }

function VitalsTable({ caption, firstHeader, rows }: { caption: string; firstHeader: string; rows: VitalsRow[] }) {
  const columns: Column<VitalsRow>[] = [
    { header: firstHeader, cell: (row) => row.label, rowHeader: true },
    ...METRICS.map((m): Column<VitalsRow> => ({ header: m.header, cell: (row) => <Metric stats={row.metrics} metric={m.key} /> })),
  ];
  return <AdminTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.key} empty="No data" />;
}

/**
 * Field data: what real visitors live with. The 75th percentile of LCP, CLS and INP per page and per module
 * version, over the last 7 or 28 days, rated against the Web Vitals thresholds.
 */
export function PerformanceSection() {
  const [days, setDays] = useState<WindowDays>(7);
  const report = useVitalsReport(days);
  const pages = Array.isArray(report.data?.pages) ? report.data.pages : [];
  const modules = Array.isArray(report.data?.modules) ? report.data.modules : [];

  return (
    <>
      <PeriodToggle days={days} onDays={setDays} className={styles.toolbar} />
      <p className={styles.note}>
        75th percentile of what sampled visitors measured. Good: LCP up to 2.5 s, CLS up to 0.1, INP up to 200 ms;
        poor: LCP over 4 s, CLS over 0.25, INP over 500 ms.
      </p>
      {report.isPending ? <Spinner label="Loading performance data..." /> : null}
      {report.isError ? <ErrorState>Failed to load performance data. Please try again.</ErrorState> : null}
      {report.isSuccess && pages.length === 0 && modules.length === 0 ? (
        <EmptyState>No field data for the last {days} days yet. Sampled visits report their measurements as they leave a page.</EmptyState>
      ) : null}
      {report.isSuccess && (pages.length > 0 || modules.length > 0) ? (
        <div className={styles.tables}>
          <VitalsTable
            caption={`By page, last ${days} days`}
            firstHeader="Page"
            rows={pages.map((p) => ({ key: p.page, label: p.page === '*' ? 'Other pages (*)' : p.page, metrics: p.metrics }))}
          />
          <VitalsTable
            caption={`By module version, last ${days} days`}
            firstHeader="Module version"
            rows={modules.map((m) => ({ key: `${m.module}@${m.version}`, label: `${m.module} ${m.version}`, metrics: m.metrics }))}
          />
        </div>
      ) : null}
    </>
  );
}
