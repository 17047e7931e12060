import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { POPULAR_COURSES, popularCoursesQuery } from '@institute/shared/api';
import { EmptyState } from '@institute/shared/ui';
import { POPULAR_GRID_SIZES } from '../../../components/card-grid/grid-sizes';
import { CourseCard } from './course-card';
import { CoursesError } from './courses-error';
import styles from './popular-courses.module.css';

const COUNT = POPULAR_COURSES;

/** Featured courses first, then as added: the server picks them and sends only those. */
const usePopularCourses = () => useQuery(popularCoursesQuery());

function Body() {
  const { data, isPending, isError } = usePopularCourses();
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
  const courses = Array.isArray(data?.items) ? data.items : [];
  if (courses.length === 0) return <EmptyState>No courses available.</EmptyState>;
  return (
    <ul className={styles.grid}>
      {courses.map((course) => (
        <CourseCard key={course._id} course={course} headingLevel={3} sizes={POPULAR_GRID_SIZES} />
      ))}
    </ul>
  );
}

export function PopularCourses() {
  const headingId = useId();
  const { isPending } = usePopularCourses();
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={isPending}>
      <h2 id={headingId} className={styles.heading}>
        Popular Courses
      </h2>
      <Body />
    </section>
  );
}
