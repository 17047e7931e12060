import s from './sections.module.css';

const MODES = [
  { title: 'Live online', text: 'Join scheduled classes from home with the same instructors, labs by video and recorded reviews.' },
  { title: 'In the classroom', text: 'Learn on real equipment at our campus, with open lab hours between sessions.' },
  { title: 'Evenings and weekends', text: 'Keep your current job while you train; most programs run outside office hours.' },
] as const;

export default function FlexibleStudySection() {
  return (
    <section className={`${s.section} ${s.muted}`} aria-labelledby="home-flexible">
      <div className={s.inner}>
        <p className={s.eyebrow}>Flexible study</p>
        <h2 id="home-flexible" className={s.heading}>Study the way your week allows</h2>
        <p className={s.lead}>Choose how you attend when you enroll, and switch between formats if your schedule changes.</p>
        <ul className={s.grid}>
          {MODES.map((mode) => (
            <li key={mode.title} className={s.card}>
              <h3>{mode.title}</h3>
              <p>{mode.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
