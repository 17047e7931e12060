import { coursesApi, queryKeys, quickProgramsApi } from '@institute/shared/api';
import type { CatalogKind } from '../types';

export const COURSES: CatalogKind = {
  id: 'courses',
  noun: 'Course',
  nounLower: 'course',
  plural: 'courses',
  queryKey: queryKeys.courses,
  api: { cards: coursesApi.cards, get: coursesApi.get, create: coursesApi.create, update: coursesApi.update, remove: coursesApi.remove },
  scrollList: true,
  messages: {
    fetch: 'Failed to fetch courses!  Check your server connection.',
    save: 'Failed to save course',
    remove: 'Failed to delete course',
  },
};

export const QUICK_PROGRAMS: CatalogKind = {
  id: 'quick-programs',
  noun: 'Quick Program',
  nounLower: 'quick program',
  plural: 'quick programs',
  queryKey: queryKeys.quickPrograms,
  api: { cards: quickProgramsApi.cards, get: quickProgramsApi.get, create: quickProgramsApi.create, update: quickProgramsApi.update, remove: quickProgramsApi.remove },
  scrollList: false,
  messages: {
    fetch: 'Failed to fetch quick programs!',
    save: 'Failed to save quick program',
    remove: 'Failed to delete quick program',
  },
};
