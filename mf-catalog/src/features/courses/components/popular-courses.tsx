import { useId } from 'react';
import { useCourses } from '@institute/shared/api';
import type { Course } from '@institute/shared/contract';
import { EmptyState } from '@institute/shared/ui';
import { CourseCard } from './course-card';
import { CoursesError } from './courses-error';
import styles from './popular-courses.module.css';

const COUNT = 4;

/** Featured courses first (stable order otherwise), then the first few. */
function pick(courses: Course[]): Course[] {
  return [...courses].sort((a, b) => Number(Boolean(b.featured)) - Number(Boolean(a.featured))).slice(0, COUNT);
}

function Body() {
  const { data, isPending, isError } = useCourses();
  if (isPending) {
    // Placeholders the size of real cards keep the home page from shifting when the list arrives.
    return (
      <>
        <p role="status" className={styles.srOnly}>
          Loading courses...
        </p>
        <ul className={styles.grid} aria-hidden="true">
          {Array.from({ length: COUNT }, (_, i) => (
            <li key={i} className={styles.placeholder} data-placeholder="" />
          ))}
        </ul>
      </>
    );
  }
  if (isError) return <CoursesError />;
  const courses = Array.isArray(data) ? pick(data) : [];
  if (courses.length === 0) return <EmptyState>No courses available.</EmptyState>;
  return (
    <ul className={styles.grid}>
      {courses.map((course) => (
        <CourseCard key={course._id} course={course} headingLevel={3} />
      ))}
    </ul>
  );
}

export function PopularCourses() {
  const headingId = useId();
  const { isPending } = useCourses();
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={isPending}>
      <h2 id={headingId} className={styles.heading}>
        Popular Courses
      </h2>
      <Body />
    </section>
  );
}
