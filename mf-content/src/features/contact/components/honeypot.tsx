import { HONEYPOT_NAME } from '../hooks/use-send-form';
import styles from './form.module.css';

/**
 * A field people never meet: off screen, out of the tab order and hidden from screen readers. Robots that fill in
 * every input fill it, and the server refuses what they send (issue 31). Its label says so for anyone who lands on it.
 */
export function Honeypot() {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_NAME} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
