import { useId, useState } from 'react';
import type { ModuleVersionHealth } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import {
  byModule, formatMoment, percent, ROLE_LABEL, useCanaryComparisons, useModuleHealth, useRolloutStatus,
  type RolloutStatus,
} from '../api/module-health';
import { AdminTable, type Column } from '../../../components/admin-table';
import { PeriodToggle, type WindowDays } from '../../../components/period-toggle';
import styles from './modules.module.css';

const loads = (n: number) => `${n} ${n === 1 ? 'page load' : 'page loads'}`;

type HealthRow = ModuleVersionHealth & { share?: number };
const number = (header: string, value: (r: HealthRow) => string | number): Column<HealthRow> => ({ header, cell: value, className: styles.number });
const HEALTH_COLUMNS = (withShare: boolean): (Column<HealthRow> | false)[] => [
  { header: 'Version', cell: (r) => r.version, rowHeader: true },
  { header: 'Runs as', cell: (r) => ROLE_LABEL[r.role] },
  number('Page loads', (r) => r.views),
  withShare && number('Share', (r) => percent(r.share ?? 0)),
  number('Failed loads', (r) => r.loadFailures),
  number('Errors', (r) => r.errors),
  number('Error rate', (r) => percent(r.errorRate)),
  number('Load time p75 (ms)', (r) => r.loadMsP75 ?? '–'),
];

function HealthTable({ caption, rows, withShare }: { caption: string; rows: HealthRow[]; withShare: boolean }) {
  return <AdminTable caption={caption} columns={HEALTH_COLUMNS(withShare)} rows={rows} rowKey={(r) => `${r.version}-${r.role}`} empty={null} />;
}

/** Each running canary against live since it started: what the automatic withdrawal compares. */
function RunningCanaries({ canaries }: { canaries: RolloutStatus['canaries'] }) {
  const comparisons = useCanaryComparisons(canaries);
  return (
    <section aria-labelledby="canaries-running" className={styles.group}>
      <h2 id="canaries-running" className={styles.heading}>Canaries running</h2>
      {canaries.map((canary, i) => {
        const comparison = comparisons[i];
        const compared = (comparison?.data?.versions ?? []).filter((r) => r.role === 'live' || (r.role === 'canary' && r.version === canary.version));
        const rows = byModule(compared)[0]?.rows ?? [];
        return (
          <article key={canary.remote} className={styles.canary} aria-label={`${canary.remote} canary`}>
            <h3 className={styles.subheading}>{canary.remote} {canary.version}</h3>
            <p>Served to {canary.percent} % of visitors since {formatMoment(canary.since)}; the others run live.</p>
            {comparison?.isPending ? <Spinner label={`Loading ${canary.remote} since the canary started...`} /> : null}
            {comparison?.isError ? <ErrorState>Failed to load module health. Please try again.</ErrorState> : null}
            {comparison?.isSuccess && rows.length === 0 ? <p className={styles.note}>No page load has reported since the canary started.</p> : null}
            {rows.length > 0 ? <HealthTable caption={`${canary.remote} since the canary started`} rows={rows} withShare={false} /> : null}
          </article>
        );
      })}
    </section>
  );
}

type Withdrawal = RolloutStatus['withdrawn'][number];
const WITHDRAWN_COLUMNS: Column<Withdrawal>[] = [
  { header: 'Module', cell: (w) => w.remote, rowHeader: true },
  { header: 'Version', cell: (w) => w.version },
  { header: 'Back to', cell: (w) => w.liveVersion },
  { header: 'When', cell: (w) => formatMoment(w.at) },
  { header: 'Why', cell: (w) => w.reason },
];

function Withdrawals({ withdrawn }: { withdrawn: RolloutStatus['withdrawn'] }) {
  return (
    <section aria-labelledby="canaries-withdrawn" className={styles.group}>
      <h2 id="canaries-withdrawn" className={styles.heading}>Withdrawn automatically</h2>
      <AdminTable caption="Canaries withdrawn automatically, latest first" captionHidden columns={WITHDRAWN_COLUMNS} rows={[...withdrawn].reverse()}
        rowKey={(w) => `${w.remote}-${w.version}-${w.at}`} empty={null} />
    </section>
  );
}

/**
 * Release health (issue 27, decision 039): per module, which versions visitors ran and why (live, canary, preview,
 * override), their share of page loads, failed loads, errors and load time; each running canary against live since
 * it started, and the canaries the site withdrew by itself, with why.
 */
export function ModulesSection() {
  const [days, setDays] = useState<WindowDays>(7);
  const health = useModuleHealth(days);
  const rollout = useRolloutStatus();
  const id = useId();
  const modules = byModule(Array.isArray(health.data?.versions) ? health.data.versions : []);
  const canaries = rollout.data?.canaries ?? [];
  const withdrawn = rollout.data?.withdrawn ?? [];

  return (
    <>
      <p className={styles.note}>
        Page loads report the module versions they ran while a canary runs, and always from a browser on a preview or an
        override. A canary whose failed loads and errors per page load exceed live&apos;s by the configured margin is
        withdrawn automatically.
      </p>
      {rollout.isPending ? <Spinner label="Loading the rollout..." /> : null}
      {rollout.isError ? <ErrorState>Failed to load the rollout status. Please try again.</ErrorState> : null}
      {rollout.isSuccess && canaries.length === 0 ? <p className={styles.status}>No canary is running: every visitor runs the live versions.</p> : null}
      {canaries.length > 0 ? <RunningCanaries canaries={canaries} /> : null}
      {withdrawn.length > 0 ? <Withdrawals withdrawn={withdrawn} /> : null}

      <section aria-labelledby={`${id}-versions`} className={styles.group}>
        <h2 id={`${id}-versions`} className={styles.heading}>Versions visitors ran</h2>
        <PeriodToggle days={days} onDays={setDays} className={styles.toolbar} />
        {health.isPending ? <Spinner label="Loading module health..." /> : null}
        {health.isError ? <ErrorState>Failed to load module health. Please try again.</ErrorState> : null}
        {health.isSuccess && modules.length === 0 ? (
          <EmptyState>No module events for the last {days} days. Page loads report them while a canary runs.</EmptyState>
        ) : null}
        {modules.map(({ module, rows }) => (
          <HealthTable key={module} caption={`${module}, last ${days} days (${loads(rows.reduce((n, r) => n + r.views, 0))})`} rows={rows} withShare />
        ))}
      </section>
    </>
  );
}
