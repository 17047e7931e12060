import type { CourseCard } from '@institute/shared/contract';
import { ResponsiveImage } from '@institute/shared/ui';
import styles from './course-search.module.css';

interface SearchOptionProps {
  id: string;
  course: CourseCard;
  selected: boolean;
  onChoose(): void;
}

export function SearchOption({ id, course, selected, onChoose }: SearchOptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className={selected ? `${styles.option} ${styles.selected}` : styles.option}
      // Keeps focus in the input, so the dropdown does not treat the click as focus leaving.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      <ResponsiveImage className={styles.thumb} src={course.imgUrl} alt="" width={64} height={48} sizes="64px" maxWidth={160} />
      <span className={styles.text}>
        <span className={styles.title}>{course.title}</span>
        <span className={styles.meta}>Total hours: {course.totalHours} · Duration: {course.duration}</span>
        <span className={styles.meta}>Certification: {course.certification} · Credential: {course.credential}</span>
      </span>
    </li>
  );
}
