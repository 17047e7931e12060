import { Link } from '@institute/shared/router';
import s from './sections.module.css';

export default function BusinessSection() {
  return (
    <section className={`${s.section} ${s.muted}`} aria-labelledby="home-business">
      <div className={`${s.inner} ${s.split}`}>
        <div>
          <p className={s.eyebrow}>Business initiative</p>
          <h2 id="home-business" className={s.heading}>Training for your team</h2>
          <p className={s.lead}>
            Clinics, offices and IT departments use our programs to upskill staff and fill hard-to-hire roles. We
            shape the schedule, the content and the location around your organisation.
          </p>
          <Link to="/contact" className={s.button}>Talk to Our Team</Link>
        </div>
        <ul className={s.checks}>
          <li>Group rates and a single invoice</li>
          <li>Classes on site, online or at our campus</li>
          <li>Progress reports for every participant</li>
          <li>Certification exams arranged for the group</li>
        </ul>
      </div>
    </section>
  );
}
