import { useCourses } from '@institute/shared/api';
import { Banner, EmptyState, Spinner } from '@institute/shared/ui';
import { CourseCard } from './course-card';
import { CoursesError } from './courses-error';
import styles from './courses-page.module.css';

function CourseList() {
  const { data, isPending, isError, refetch } = useCourses();
  if (isPending) return <Spinner />;
  if (isError) return <CoursesError onRetry={() => void refetch()} />;
  // A body that is not a list (e.g. an empty 200) is treated as no courses rather than crashing the page.
  const courses = Array.isArray(data) ? data : [];
  if (courses.length === 0) return <EmptyState>No courses available.</EmptyState>;
  return (
    <ul className={styles.grid} aria-label="Courses">
      {courses.map((course, index) => (
        <CourseCard key={course._id} course={course} priority={index === 0} />
      ))}
    </ul>
  );
}

export function CoursesPage() {
  return (
    <>
      <Banner title="Courses" />
      <div className={styles.page}>
        <CourseList />
      </div>
    </>
  );
}
