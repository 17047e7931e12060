import { Banner } from '@institute/shared/ui';
import { AdvisingLink } from './advising-link';
import { AppointmentForm } from './appointment-form';
import { ContactGuide } from './contact-guide';
import styles from './contact.module.css';

export function AppointmentPage() {
  return (
    <>
      <Banner title="Book an Appointment" />
      <div className={styles.page}>
        <AdvisingLink />
        <div className={styles.columns}>
          <AppointmentForm />
          <ContactGuide />
        </div>
      </div>
    </>
  );
}
