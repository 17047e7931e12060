import { Link } from '@institute/shared/router';
import { getConfig } from '@institute/shared/config';
import { MIN_PARTIAL_TEXT } from '@institute/shared/rules';
import styles from './hero.module.css';

/** Above the fold and eager: plain markup and CSS, no remote and no data, so it paints at once. */
export function Hero() {
  const { name } = getConfig().institute;
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.inner}>
        <p className={styles.eyebrow}>Career training in healthcare, technology and business</p>
        <h1 id="home-title" className={styles.title}>Learn the skills employers hire for, on a schedule that fits your life</h1>
        <p className={styles.lead}>
          {name} prepares adults for new careers with hands-on courses and short quick programs, taught live online
          and in the classroom by people who do the work every day.
        </p>
        <div className={styles.actions}>
          <Link to="/courses" className={styles.primary}>Explore Courses</Link>
          <Link to="/appointment" className={styles.secondary}>Book an Appointment</Link>
        </div>
        <ul className={styles.facts} aria-label="At a glance">
          <li><strong>8–16 weeks</strong> typical course length</li>
          <li><strong>Day, evening &amp; weekend</strong> classes</li>
          <li><strong>Pay in full or in parts</strong> from {MIN_PARTIAL_TEXT}</li>
        </ul>
      </div>
    </section>
  );
}
