import { Link, useParams } from '@institute/shared/router';
import { Banner, EmptyState, Spinner } from '@institute/shared/ui';
import { ContentList, RichText } from '../../../components/rich-text/rich-text';
import { Tabs } from '../../../components/tabs/tabs';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCourse } from '../hooks/use-course';
import { CourseFacts, CourseSchedule } from './course-facts';
import { UpcomingSessions } from '../../../components/upcoming-sessions/upcoming-sessions';
import { CourseIntroMedia } from './course-intro-media';
import { CoursesError } from './courses-error';
import { EnrollButton } from './enroll-button';
import styles from './course-detail.module.css';

export function CourseDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { course, isPending, isError } = useCourse(id);
  usePageTitle(course?.title);

  if (isPending) return <Spinner />;
  if (isError) return <CoursesError />;
  if (!course) {
    return (
      <div className={styles.notFound}>
        <EmptyState>Course not found.</EmptyState>
        <Link to="/courses" className={styles.back}>
          Back to courses
        </Link>
      </div>
    );
  }

  const tabs = [
    { id: 'description', label: 'Description', panel: <RichText html={course.description} empty="No description yet." /> },
    { id: 'contents', label: 'Contents', panel: <ContentList content={course.content} empty="No contents listed yet." /> },
    { id: 'duration', label: 'Duration', panel: <CourseSchedule course={course} /> },
  ];

  return (
    <>
      <Banner title={course.title} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <CourseIntroMedia course={course} />
          <UpcomingSessions owner={{ kind: 'course', id: course._id }} />
          <Tabs label="Course details" idPrefix={`course-${course._id}`} tabs={tabs} />
        </div>
        <aside className={styles.aside} aria-label="Course summary">
          <CourseFacts course={course} />
          <EnrollButton course={course} />
        </aside>
      </div>
    </>
  );
}
