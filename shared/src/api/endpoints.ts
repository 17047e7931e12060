import type {
  Blog, Course, CourseInput, GalleryImage, LoginRequest, LoginResponse, MessageResponse, Payment,
  QuickProgram, RegisterRequest, RegisterResponse, User,
} from '../contract';
import { request } from './http';

export const authApi = {
  login: (body: LoginRequest) => request<LoginResponse>('/auth/login', { method: 'POST', body }),
  /** The role sent is always user, as the spec says; the server ignores it anyway. */
  register: (body: Omit<RegisterRequest, 'role'>) =>
    request<RegisterResponse>('/auth/register', { method: 'POST', body: { ...body, role: 'user' } }),
  /** Ends the session on the server: the token is refused from then on, even where it was copied. */
  logout: (token: string) => request<MessageResponse>('/auth/logout', { method: 'POST', auth: true, token }),
};

export const usersApi = {
  list: () => request<User[]>('/api/users', { auth: true }),
  get: (id: string) => request<User>(`/api/users/${encodeURIComponent(id)}`, { auth: true }),
  remove: (id: string) => request<MessageResponse>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
  /** Admin: ends every session of the user on every device. */
  signOutEverywhere: (id: string) =>
    request<MessageResponse>(`/api/users/${encodeURIComponent(id)}/sign-out-everywhere`, { method: 'POST', auth: true }),
};

function catalogApi<T extends Course>(base: string) {
  return {
    list: (signal?: AbortSignal) => request<T[]>(base, { signal }),
    get: (id: string) => request<T>(`${base}/${encodeURIComponent(id)}`, { auth: true }),
    create: (body: CourseInput) => request<T>(base, { method: 'POST', body, auth: true }),
    update: (id: string, body: CourseInput) => request<T>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: true }),
    remove: (id: string) => request<MessageResponse>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
  };
}

export const coursesApi = catalogApi<Course>('/api/courses');
export const quickProgramsApi = catalogApi<QuickProgram>('/api/quick-programs');

export const blogsApi = {
  list: () => request<Blog[]>('/api/blogs'),
  /** The spec's client reads one blog without the api prefix. */
  get: (id: string) => request<Blog>(`/blogs/${encodeURIComponent(id)}`),
  create: (body: Pick<Blog, 'title' | 'imgUrl' | 'content' | 'author' | 'category'> & { description?: string }) =>
    request<MessageResponse & { blog?: Blog }>('/api/blogs', { method: 'POST', body, auth: true }),
  remove: (id: string) => request<MessageResponse>(`/api/blogs/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
};

export const galleryApi = {
  list: () => request<GalleryImage[]>('/api/gallery'),
  /** Up to 5 MB going up: a minute, not the default 15 s. */
  upload: (form: FormData) => request<GalleryImage>('/api/gallery', { method: 'POST', body: form, auth: true, timeoutMs: 60_000 }),
  remove: (id: string) => request<MessageResponse>(`/api/gallery/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
};

export const paymentsApi = {
  list: () => request<Payment[]>('/api/payments', { auth: true }),
  /** The signed-in student's own payments. */
  mine: () => request<Payment[]>('/api/payments/mine', { auth: true }),
};
