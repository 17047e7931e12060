import { catalogRoutes } from '../catalog/routes';

export default catalogRoutes({ kind: 'course', base: '/api/courses', tag: 'Courses', noun: 'Course' });
