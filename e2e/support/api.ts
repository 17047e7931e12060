import type { Blog, Course, CourseInput, GalleryImage } from '@institute/shared/contract';
import { ADMIN, API_URL, apiLogin } from './stack';

let adminSession: Promise<string> | undefined;

/** A bearer token for the seeded admin; one login per worker keeps the auth rate limit out of the way. */
export function adminToken(): Promise<string> {
  adminSession ??= apiLogin(ADMIN.email, ADMIN.password).then((session) => session.token);
  return adminSession;
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Public reads, as the site makes them. */
export const getJson = <T>(path: string) => call<T>('GET', path);
export const listCourses = () => getJson<Course[]>('/api/courses');
export const listQuickPrograms = () => getJson<Course[]>('/api/quick-programs');
export const listBlogs = () => getJson<Blog[]>('/api/blogs');
export const listGallery = () => getJson<GalleryImage[]>('/api/gallery');

/** Creates a quick program as the admin, through the API (the admin UI belongs to another journey). */
export const createQuickProgram = (fields: Partial<CourseInput> = {}) => createProgram('/api/quick-programs', fields);
/** Creates a course as the admin, through the API. */
export const createCourse = (fields: Partial<CourseInput> = {}) => createProgram('/api/courses', fields);

async function createProgram(list: string, fields: Partial<CourseInput>): Promise<Course> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const program: CourseInput = {
    title: `E2E Program ${stamp}`,
    imgUrl: '/media/seed/course-medical-assistant.svg',
    price: 750,
    duration: '3 weeks',
    totalHours: '24 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'None',
    certification: 'Institute certificate',
    description: '<p>A short program created by an end-to-end test.</p>',
    content: ['First topic', 'Second topic'],
    ...fields,
  };
  return call<Course>('POST', list, program, await adminToken());
}

export async function deleteQuickProgram(id: string): Promise<void> {
  await call('DELETE', `/api/quick-programs/${encodeURIComponent(id)}`, undefined, await adminToken());
}

export async function deleteCourse(id: string): Promise<void> {
  await call('DELETE', `/api/courses/${encodeURIComponent(id)}`, undefined, await adminToken());
}
