export { PopularCourses as default } from '../features/courses/components/popular-courses';
