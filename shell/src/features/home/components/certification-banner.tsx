import { Link } from '@institute/shared/router';
import styles from './certification-banner.module.css';

export default function CertificationBanner() {
  return (
    <section className={styles.banner} aria-labelledby="home-certification">
      <div className={styles.inner}>
        <div>
          <h2 id="home-certification" className={styles.title}>Finish with a certification employers recognise</h2>
          <p className={styles.text}>Our courses prepare you for industry exams, and we help you book and pass them.</p>
        </div>
        <Link to="/courses" className={styles.cta}>Find Your Course</Link>
      </div>
    </section>
  );
}
