import { useCourses } from '@institute/shared/api';
import { Banner, EmptyState, Spinner } from '@institute/shared/ui';
import { ListControls, NoMatches } from '../../../components/list-controls/list-controls';
import { useListQuery } from '../../../components/list-controls/use-list-query';
import { applyListQuery, categoriesOf } from '../../../utils/list-query';
import { CourseCard } from './course-card';
import { CoursesError } from './courses-error';
import styles from './courses-page.module.css';

/** The whole list is cached once (decision 010); category, search words and order apply here, from the URL. */
function CourseList() {
  const { data, isPending, isError, refetch } = useCourses();
  const [query, setQuery] = useListQuery();
  if (isPending) return <Spinner />;
  if (isError) return <CoursesError onRetry={() => void refetch()} />;
  // A body that is not a list (e.g. an empty 200) is treated as no courses rather than crashing the page.
  const courses = Array.isArray(data) ? data : [];
  if (courses.length === 0) return <EmptyState>No courses available.</EmptyState>;
  const shown = applyListQuery(courses, query);
  return (
    <>
      <ListControls noun="courses" categories={categoriesOf(courses)} query={query} onChange={setQuery} shown={shown.length} total={courses.length} />
      {shown.length === 0 ? <NoMatches noun="courses" onClear={() => setQuery({ sort: query.sort })} /> : (
        <ul className={styles.grid} aria-label="Courses">
          {shown.map((course, index) => (
            <CourseCard key={course._id} course={course} priority={index === 0} />
          ))}
        </ul>
      )}
    </>
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
