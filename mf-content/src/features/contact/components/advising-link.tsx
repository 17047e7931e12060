import { Link } from '@institute/shared/router';
import styles from './contact.module.css';

/** Points visitors who would rather pick a time themselves to the bookable advising slots (issue 31). */
export function AdvisingLink() {
  return (
    <p className={styles.advising}>
      Prefer to choose a time yourself? <Link to="/advising">Book a free advising session</Link> from the open times.
    </p>
  );
}
