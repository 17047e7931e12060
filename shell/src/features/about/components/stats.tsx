import { STATS } from '../about-content';
import styles from '../about.module.css';

export function Stats() {
  return (
    <section className={styles.stats} aria-labelledby="about-stats">
      <h2 id="about-stats" className="visually-hidden">In numbers</h2>
      <dl className={styles.statList}>
        {STATS.map((stat) => (
          <div key={stat.label}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
