import type { ReactNode } from 'react';
import { STATS } from '../about-content';
import { useCatalogCount, type CatalogCount } from '../use-catalog-count';
import styles from '../about.module.css';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      {children}
    </div>
  );
}

/** The catalog's own figure; left out, rather than guessed, when the API cannot say. */
function CatalogStat({ count }: { count: CatalogCount }) {
  if (count.state === 'unknown') return null;
  return (
    <Stat label="Courses and quick programs">
      {count.state === 'known' ? (
        <dd>{count.value.toLocaleString('en-US')}</dd>
      ) : (
        <dd className={styles.pending} aria-busy="true"><span className="visually-hidden">Counting...</span></dd>
      )}
    </Stat>
  );
}

export function Stats() {
  const count = useCatalogCount();
  const [graduates, ...others] = STATS;
  return (
    <section className={styles.stats} aria-labelledby="about-stats">
      <h2 id="about-stats" className="visually-hidden">In numbers</h2>
      <dl className={styles.statList}>
        <Stat label={graduates.label}><dd>{graduates.value}</dd></Stat>
        <CatalogStat count={count} />
        {others.map((stat) => <Stat key={stat.label} label={stat.label}><dd>{stat.value}</dd></Stat>)}
      </dl>
    </section>
  );
}
