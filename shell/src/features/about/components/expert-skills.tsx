import { SKILLS } from '../about-content';
import styles from '../about.module.css';

export function ExpertSkills({ institute }: { institute: string }) {
  return (
    <section className={`${styles.section} ${styles.split}`} aria-labelledby="about-skills">
      <div>
        <p className={styles.eyebrow}>Expert skills</p>
        <h2 id="about-skills" className={styles.heading}>Taught by people who do the work</h2>
        <p className={styles.text}>
          {institute} was started by a nurse and a network engineer who were tired of hiring graduates who had read
          about the job but never done it. Every instructor still works in their field, and every course is built
          around the tasks employers ask for.
        </p>
      </div>
      <ul className={styles.skills}>
        {SKILLS.map((skill) => (
          <li key={skill.name}>
            <span className={styles.skillLabel}>
              <span>{skill.name}</span>
              <span>{skill.level}%</span>
            </span>
            <span className={styles.bar} role="meter" aria-label={skill.name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={skill.level}>
              <span style={{ width: `${skill.level}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
