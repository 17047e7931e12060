import { Link } from 'react-router-dom';
import { RemoteSlot } from '@institute/shared/federation';
import s from './sections.module.css';

export default function PopularCoursesSection() {
  return (
    <section className={s.section} aria-labelledby="home-popular">
      <div className={s.inner}>
        <p className={s.eyebrow}>Popular courses</p>
        <h2 id="home-popular" className={s.heading}>Where our students start</h2>
        <RemoteSlot id="mf_catalog/PopularCourses" area="Popular courses" />
        <Link to="/courses" className={s.more}>View all courses</Link>
      </div>
    </section>
  );
}
