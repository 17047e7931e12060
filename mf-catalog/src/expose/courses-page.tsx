export { CoursesPage as default } from '../features/courses/components/courses-page';
