import type { RemoteModuleId } from '@institute/shared/contract';

/** The catalog's widget the home page shows: its section loads it, and the page's first HTML already holds it. */
export const POPULAR_COURSES_SLOT: RemoteModuleId = 'mf_catalog/PopularCourses';
