import { coursePagesQuery } from '@institute/shared/api';
import { Banner, Spinner } from '@institute/shared/ui';
import { CatalogList } from '../../../components/catalog-list/catalog-list';
import { CourseCard } from './course-card';
import { CoursesError } from './courses-error';
import styles from './courses-page.module.css';

export function CoursesPage() {
  return (
    <>
      <Banner title="Courses" />
      <div className={styles.page}>
        <CatalogList
          noun="courses"
          label="Courses"
          gridClass={styles.grid!}
          pages={coursePagesQuery}
          loading={<Spinner />}
          empty="No courses available."
          error={(retry) => <CoursesError onRetry={retry} />}
          card={(course, index) => <CourseCard key={course._id} course={course} priority={index === 0} deferImage={index > 0} />}
        />
      </div>
    </>
  );
}
