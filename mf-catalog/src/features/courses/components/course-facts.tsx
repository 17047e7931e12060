import type { Course } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';
import styles from './course-detail.module.css';

const NOT_SPECIFIED = 'Not specified';
const orDefault = (value: string | undefined, fallback = NOT_SPECIFIED) => (value?.trim() ? value : fallback);

export function CourseFacts({ course }: { course: Course }) {
  const price = Number.isFinite(course.price) ? formatMoney(course.price) : NOT_SPECIFIED;
  const facts: [string, string][] = [
    ['Price', price],
    ['Duration', orDefault(course.duration)],
    ['Hours', orDefault(course.totalHours)],
    ['Credential', orDefault(course.credential)],
    ['Prerequisite', orDefault(course.preRequisite, 'Nothing')],
    ['Certification', orDefault(course.certification)],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CourseSchedule({ course }: { course: Course }) {
  return (
    <dl className={styles.facts}>
      <div className={styles.fact}>
        <dt>Length</dt>
        <dd>{orDefault(course.duration)}</dd>
      </div>
      <div className={styles.fact}>
        <dt>Total hours</dt>
        <dd>{orDefault(course.totalHours)}</dd>
      </div>
      <div className={styles.fact}>
        <dt>Calendar length</dt>
        <dd>{orDefault(course.CourseDuration?.calendarLength)}</dd>
      </div>
    </dl>
  );
}
