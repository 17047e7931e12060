import { MIN_PARTIAL_TEXT } from '@institute/shared/rules';
import s from './sections.module.css';

const FEATURES = [
  { title: 'Instructors from the field', text: 'Every class is taught by someone who works in the job you are training for.', glyph: 'M12 3l9 5-9 5-9-5zm-6 8v4c0 2 3 4 6 4s6-2 6-4v-4' },
  { title: 'Hands-on practice', text: 'Labs, simulations and real equipment, so the first day at work feels familiar.', glyph: 'M4 20h16M6 16l4-8 4 5 3-4 3 7' },
  { title: 'Certification prep', text: 'Courses map to recognised exams, with practice tests and review sessions.', glyph: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z' },
  { title: 'Flexible payment', text: `Pay in full or start with a partial payment from ${MIN_PARTIAL_TEXT} and pay the rest later.`, glyph: 'M3 7h18v10H3zM3 11h18M7 15h3' },
  { title: 'Career support', text: 'Resume reviews, interview practice and introductions to employers who hire our graduates.', glyph: 'M4 8h16v11H4zM9 8V5h6v3' },
  { title: 'Small classes', text: 'Groups small enough that every student gets questions answered and work reviewed.', glyph: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5m0-4c1-.7 1.9-1 3-1 3 0 5 2 5 5' },
] as const;

export default function FeaturesSection() {
  return (
    <section className={`${s.section} ${s.muted}`} aria-labelledby="home-features">
      <div className={s.inner}>
        <p className={s.eyebrow}>Why study with us</p>
        <h2 id="home-features" className={s.heading}>Built around getting you hired</h2>
        <ul className={s.grid}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={s.card}>
              <span className={s.icon} aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={feature.glyph} />
                </svg>
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
