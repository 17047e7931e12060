export { CourseDetailPage as default } from '../features/courses/components/course-detail-page';
