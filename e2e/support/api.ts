import { ADMIN, API_URL, apiLogin } from './stack';

/** The fields the API takes for a course or quick program (spec section 3); tests fill only what they care about. */
export interface ProgramInput {
  title: string;
  imgUrl: string;
  price: number;
  duration: string;
  totalHours: string;
  credential: string;
  preRequisite: string;
  certification: string;
  description?: string;
  content?: string | string[];
  featured?: boolean;
  category?: string;
}

export interface ProgramRecord extends ProgramInput {
  _id: string;
  content: string | string[];
  description: string;
}

export interface BlogRecord {
  _id: string;
  title: string;
  author: string;
  category: string;
  content: string;
  createdAt: string;
}

export interface GalleryRecord {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
}

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
export const listCourses = () => getJson<ProgramRecord[]>('/api/courses');
export const listQuickPrograms = () => getJson<ProgramRecord[]>('/api/quick-programs');
export const listBlogs = () => getJson<BlogRecord[]>('/api/blogs');
export const listGallery = () => getJson<GalleryRecord[]>('/api/gallery');

/** Creates a quick program as the admin, through the API (the admin UI belongs to another journey). */
export const createQuickProgram = (fields: Partial<ProgramInput> = {}) => createProgram('/api/quick-programs', fields);
/** Creates a course as the admin, through the API. */
export const createCourse = (fields: Partial<ProgramInput> = {}) => createProgram('/api/courses', fields);

async function createProgram(list: string, fields: Partial<ProgramInput>): Promise<ProgramRecord> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const program: ProgramInput = {
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
  return call<ProgramRecord>('POST', list, program, await adminToken());
}

export async function deleteQuickProgram(id: string): Promise<void> {
  await call('DELETE', `/api/quick-programs/${encodeURIComponent(id)}`, undefined, await adminToken());
}

export async function deleteCourse(id: string): Promise<void> {
  await call('DELETE', `/api/courses/${encodeURIComponent(id)}`, undefined, await adminToken());
}
