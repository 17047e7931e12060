import { getConfig } from '@institute/shared/config';
import s from './sections.module.css';

export default function MissionVisionSection() {
  const { name } = getConfig().institute;
  return (
    <section className={s.section} aria-labelledby="home-mission">
      <div className={s.inner}>
        <p className={s.eyebrow}>Who we are</p>
        <h2 id="home-mission" className={s.heading}>Our mission and vision</h2>
        <div className={s.grid}>
          <article className={s.card}>
            <h3>Mission</h3>
            <p>
              To give adults of every background practical, affordable training that leads to steady, well-paid work,
              and to stay beside them until they are hired.
            </p>
          </article>
          <article className={s.card}>
            <h3>Vision</h3>
            <p>
              A community where a career change is open to anyone willing to learn, and where employers look to {name}{' '}
              first when they need skilled people.
            </p>
          </article>
        </div>
      </div>
    </section>
  );
}
