import { Link } from '@institute/shared/router';
import { getConfig } from '@institute/shared/config';
import { SocialLinks } from './components/social-links';
import styles from './footer.module.css';

const CATEGORIES = ['Healthcare', 'Programming', 'Networking', 'Management'] as const;

/** The site footer on every page (spec section 2, Footer). */
export function Footer() {
  const { name, address, phone, email } = getConfig().institute;
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>About {name}</h2>
          <p className={styles.text}>
            Career-focused training in healthcare, technology and business. Small classes, instructors who work in the
            field, and schedules that fit around a job, online or in person.
          </p>
          <SocialLinks institute={name} />
        </section>

        <nav aria-labelledby="footer-pages">
          <h2 id="footer-pages" className={styles.heading}>Important Pages</h2>
          <ul className={styles.list}>
            <li><Link to="/about">About</Link></li>
            {/* Plain anchors: the features section is a fragment of home, the two policies are static pages. */}
            <li><a href="/#features">Features</a></li>
            <li><a href="/privacy-policy.html">Privacy &amp; Policy</a></li>
            <li><a href="/terms-and-conditions.html">Terms &amp; Conditions</a></li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-courses">
          <h2 id="footer-courses" className={styles.heading}>Course Categories</h2>
          <ul className={styles.list}>
            {CATEGORIES.map((category) => (
              <li key={category}><Link to={`/courses?category=${encodeURIComponent(category)}`}>{category}</Link></li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>Contact</h2>
          <address className={styles.contact}>
            <p>{address}</p>
            <p><a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a></p>
            <p><a href={`mailto:${email}`}>{email}</a></p>
          </address>
        </section>
      </div>
      <p className={styles.copyright}>© {year} {name}. All rights reserved.</p>
    </footer>
  );
}
