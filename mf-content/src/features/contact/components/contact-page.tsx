import { Banner } from '@institute/shared/ui';
import { AdvisingLink } from './advising-link';
import { ContactDetails } from './contact-details';
import { ContactForm } from './contact-form';
import { ContactMap } from './contact-map';
import styles from './contact.module.css';

export function ContactPage() {
  return (
    <>
      <Banner title="Get in Touch" />
      <div className={styles.page}>
        <ContactDetails />
        <AdvisingLink />
        <div className={styles.columns}>
          <ContactMap />
          <ContactForm />
        </div>
      </div>
    </>
  );
}
