import { useId } from 'react';
import { getConfig } from '@institute/shared/config';
import { mailHref, smsHref, telHref } from '../utils/links';
import styles from './contact-guide.module.css';

/** The contact guide sheet (spec section 2): who to contact for what, how fast, and how. */
export function ContactGuide() {
  const headingId = useId();
  const { name, email, phone, coordinatorPhone, coordinatorName } = getConfig().institute;
  const textNumber = coordinatorPhone || phone;
  const coordinator = coordinatorName || 'the program coordinator';
  const textLink = <a href={smsHref(textNumber)}>{textNumber}</a>;

  return (
    <section className={styles.guide} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>Contact Guide</h2>
      <p className={styles.intro}>How to reach the right person at {name}.</p>
      <ul className={styles.categories} aria-label="Who to contact">
        <li className={styles.category}>
          <h3 className={styles.name}>Personal matters</h3>
          <p className={styles.channel}>By text only</p>
          <p>Text {coordinator} at {textLink}.</p>
        </li>
        <li className={styles.category}>
          <h3 className={styles.name}>Technical support and attendance</h3>
          <p className={styles.channel}>By email only</p>
          <p>Write to <a href={mailHref(email)}>{email}</a>.</p>
        </li>
        <li className={styles.category}>
          <h3 className={styles.name}>Class questions</h3>
          <p className={styles.channel}>Via your class group chat</p>
          <p>Ask in your class group chat, where your instructor and classmates can answer.</p>
        </li>
        <li className={styles.category}>
          <h3 className={styles.name}>Urgent issues and appointment requests</h3>
          <p className={styles.channel}>Main office phone or coordinator text</p>
          <p>Call the main office at <a href={telHref(phone)}>{phone}</a> or text {coordinator} at {textLink}.</p>
        </li>
      </ul>
      <h3 className={styles.subheading}>Response time</h3>
      <p>We respond within 24 hours. Messages sent on a weekend or holiday are answered the next business day.</p>
      <h3 className={styles.subheading}>Guidelines</h3>
      <ul className={styles.guidelines}>
        <li>Keep a professional tone.</li>
        <li>In text messages, include your full name, your program and the reason for your message.</li>
        <li>Emergency office hours: 9:00 AM to 2:00 PM.</li>
      </ul>
      <p className={styles.note}>Please keep this sheet for future reference.</p>
    </section>
  );
}
