import { Link } from '@institute/shared/router';
import s from './sections.module.css';

export default function WorkshopSection() {
  return (
    <section className={s.section} aria-labelledby="home-workshop">
      <div className={`${s.inner} ${s.split}`}>
        <div>
          <p className={s.eyebrow}>Free monthly workshop</p>
          <h2 id="home-workshop" className={s.heading}>Try a class before you commit</h2>
          <p className={s.lead}>
            Spend an evening with our instructors: practise a real task from the field, tour the training labs and get
            straight answers about schedules, certification and payment options.
          </p>
          <Link to="/appointment" className={s.button}>Reserve a Seat</Link>
        </div>
        <ul className={s.checks}>
          <li>Hands-on mini lesson in healthcare or IT</li>
          <li>Meet the people who would teach you</li>
          <li>One-to-one advice on the right program</li>
          <li>No cost and no obligation</li>
        </ul>
      </div>
    </section>
  );
}
