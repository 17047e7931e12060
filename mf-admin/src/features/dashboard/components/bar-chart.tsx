import { useId } from 'react';
import styles from './dashboard.module.css';

export interface ChartDatum {
  label: string;
  value: number;
}

interface Props {
  title: string;
  data: ChartDatum[];
  /** The value column's header in the data table. */
  valueLabel: string;
  format?: (value: number) => string;
  /** Columns over time (months, weeks), or bars across categories (programs, statuses). */
  orientation?: 'columns' | 'bars';
  empty: string;
}

const WIDTH = 480;
const BAR = 22;

/**
 * A chart drawn as plain SVG with its data table beside it: the table is what screen readers, keyboards and copy
 * and paste use; the picture has a short summary as its accessible name (no charting library: about 2 KB).
 */
export function BarChart({ title, data, valueLabel, format = String, orientation = 'columns', empty }: Props) {
  const id = useId();
  const max = Math.max(0, ...data.map((d) => d.value));
  const hasData = data.some((d) => d.value > 0);
  const peak = data.find((d) => d.value === max);
  const summary = hasData ? `${title}: highest ${format(max)} (${peak?.label}).` : `${title}: ${empty}`;

  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.chartTitle}>{title}</figcaption>
      {hasData ? (
        orientation === 'columns' ? <Columns data={data} max={max} summary={summary} /> : <Bars data={data} max={max} summary={summary} format={format} />
      ) : (
        <p className={styles.empty}>{empty}</p>
      )}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={`${title}, as a table`}>
        <table className={styles.table}>
          <thead>
            <tr><th scope="col">{orientation === 'columns' ? 'Period' : 'Name'}</th><th scope="col">{valueLabel}</th></tr>
          </thead>
          <tbody>
            {data.map((d) => <tr key={d.label}><th scope="row">{d.label}</th><td>{format(d.value)}</td></tr>)}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Columns({ data, max, summary }: { data: ChartDatum[]; max: number; summary: string }) {
  const height = 160;
  const step = WIDTH / data.length;
  return (
    <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${height + 20}`} role="img" aria-label={summary}>
      {data.map((d, i) => {
        const h = max > 0 ? Math.round((d.value / max) * height) : 0;
        return <rect key={d.label} className={styles.bar} x={i * step + step * 0.15} y={height - h} width={step * 0.7} height={h} />;
      })}
      <line className={styles.axis} x1={0} x2={WIDTH} y1={height} y2={height} />
      <text className={styles.tick} x={0} y={height + 16}>{data[0]?.label}</text>
      <text className={styles.tick} x={WIDTH} y={height + 16} textAnchor="end">{data.at(-1)?.label}</text>
    </svg>
  );
}

function Bars({ data, max, summary, format }: { data: ChartDatum[]; max: number; summary: string; format: (v: number) => string }) {
  const labelWidth = 180;
  const room = WIDTH - labelWidth - 70;
  return (
    <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${data.length * (BAR + 8)}`} role="img" aria-label={summary}>
      {data.map((d, i) => {
        const y = i * (BAR + 8);
        const w = max > 0 ? Math.max(2, Math.round((d.value / max) * room)) : 0;
        return (
          <g key={d.label}>
            <text className={styles.tick} x={labelWidth - 8} y={y + BAR * 0.7} textAnchor="end">{d.label.length > 24 ? `${d.label.slice(0, 23)}…` : d.label}</text>
            <rect className={styles.bar} x={labelWidth} y={y} width={w} height={BAR} />
            <text className={styles.tick} x={labelWidth + w + 6} y={y + BAR * 0.7}>{format(d.value)}</text>
          </g>
        );
      })}
    </svg>
  );
}
