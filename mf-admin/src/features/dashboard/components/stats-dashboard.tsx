import { useId, useState, type FormEvent } from 'react';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { formatMoney } from '@institute/shared/rules';
import { useAdminStats, type StatsRange } from '../api/stats';
import { BarChart } from './bar-chart';
import ui from '../../../components/admin-ui.module.css';
import styles from './dashboard.module.css';

const dollars = (value: number) => formatMoney(value);
const count = (value: number) => value.toLocaleString('en-US');
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** How the institute is doing over a chosen range (the server's default: the last twelve months). */
export function StatsDashboard() {
  const id = useId();
  const [range, setRange] = useState<StatsRange | null>(null);
  const [invalid, setInvalid] = useState('');
  const stats = useAdminStats(range);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    if (!from || !to || from > to) {
      setInvalid('Choose a start date on or before the end date.');
      return;
    }
    setInvalid('');
    setRange({ from, to });
  };

  if (stats.isPending) return <Spinner label="Loading figures..." />;
  if (stats.isError) return <ErrorState onRetry={() => void stats.refetch()}>Failed to load the figures.</ErrorState>;
  const data = stats.data;

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={stats.isFetching}>
      <h2 id={`${id}-heading`} className={ui.subtitle}>How the institute is doing</h2>
      <form className={styles.range} aria-label="Date range" onSubmit={apply} key={`${data.from}-${data.to}`}>
        <div className={ui.field}>
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} name="from" type="date" className={ui.input} defaultValue={data.from} required />
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} name="to" type="date" className={ui.input} defaultValue={data.to} required />
        </div>
        <button type="submit" className={ui.button}>Show</button>
      </form>
      {invalid ? <p role="alert" className={ui.error}>{invalid}</p> : null}
      <dl className={styles.totals}>
        <div className={styles.total}><dt>Revenue</dt><dd>{dollars(data.totals.revenue)}</dd></div>
        <div className={styles.total}><dt>Payments</dt><dd>{count(data.totals.payments)}</dd></div>
        <div className={styles.total}><dt>Enrollments</dt><dd>{count(data.totals.enrollments)}</dd></div>
        <div className={styles.total}><dt>New students</dt><dd>{count(data.totals.newStudents)}</dd></div>
      </dl>
      <div className={styles.charts}>
        <BarChart title="Revenue per month (completed minus refunded)" valueLabel="Revenue" format={dollars} empty="No revenue in this range."
          data={data.revenueByMonth.map((m) => ({ label: monthName(m.month), value: m.revenue }))} />
        <BarChart title="Payments by status" valueLabel="Payments" orientation="bars" empty="No payments in this range."
          data={data.paymentsByStatus.map((s) => ({ label: s.status, value: s.count }))} />
        <BarChart title="Enrollments per program" valueLabel="Students" orientation="bars" empty="No enrollments in this range."
          data={data.enrollmentsByProgram.map((p) => ({ label: p.title, value: p.enrollments }))} />
        <BarChart title="New students per week" valueLabel="Students" empty="No new students in this range."
          data={data.newStudentsByWeek.map((w) => ({ label: `Week of ${w.week}`, value: w.students }))} />
      </div>
    </section>
  );
}
