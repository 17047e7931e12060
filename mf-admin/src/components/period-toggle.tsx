import { useId } from 'react';
import ui from './admin-ui.module.css';

/** The windows the field-data reports are read over. */
export type WindowDays = 7 | 28;
const WINDOWS: readonly WindowDays[] = [7, 28];

/** "Period: Last 7 days | Last 28 days", a pair of toggle buttons over a report (performance, module health). */
export function PeriodToggle({ days, onDays, className }: { days: WindowDays; onDays(days: WindowDays): void; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <span id={`${id}-window`}>Period</span>
      <div className={ui.toggle} role="group" aria-labelledby={`${id}-window`}>
        {WINDOWS.map((d) => (
          <button key={d} type="button" className={`${ui.secondary} ${ui.small}`} aria-pressed={days === d} onClick={() => onDays(d)}>
            Last {d} days
          </button>
        ))}
      </div>
    </div>
  );
}
