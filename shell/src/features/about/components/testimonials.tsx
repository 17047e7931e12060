import { TESTIMONIALS } from '../about-content';
import styles from '../about.module.css';

export function Testimonials() {
  return (
    <section className={styles.section} aria-labelledby="about-testimonials">
      <p className={styles.eyebrow}>Testimonials</p>
      <h2 id="about-testimonials" className={styles.heading}>What our graduates say</h2>
      <ul className={styles.quotes}>
        {TESTIMONIALS.map((item) => (
          <li key={item.name}>
            <figure className={styles.quote}>
              <blockquote><p>{item.quote}</p></blockquote>
              <figcaption><strong>{item.name}</strong>, {item.role}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
