import type {
  Blog, BlogCardPage, BlogPage, CatalogCardPage, CatalogPage, CatalogSort, CatalogSummary, Course, CourseInput, Enrollment, GalleryImage, GalleryPage, GallerySort, LoginRequest,
  LoginResponse, MessageResponse, Payment,
  QuickProgram, Receipt, RegisterRequest, RegisterResponse, UnsentEmail, User,
} from '../contract';
import { request } from './http';

export const authApi = {
  login: (body: LoginRequest) => request<LoginResponse>('/auth/login', { method: 'POST', body, deviceCookie: true }),
  /** The role sent is always user, as the spec says; the server ignores it anyway. */
  register: (body: Omit<RegisterRequest, 'role'>) =>
    request<RegisterResponse>('/auth/register', { method: 'POST', body: { ...body, role: 'user' } }),
  /** Ends the session on the server: the token is refused from then on, even where it was copied. */
  logout: (token: string) => request<MessageResponse>('/auth/logout', { method: 'POST', auth: true, token }),
  /** Same answer whether or not the account exists; the email holds a single-use link. */
  forgotPassword: (email: string) => request<MessageResponse>('/auth/forgot-password', { method: 'POST', body: { email }, deviceCookie: true }),
  resetPassword: (token: string, password: string) =>
    request<MessageResponse>('/auth/reset-password', { method: 'POST', body: { token, password }, deviceCookie: true }),
  /** Other sessions end; this one continues with the returned token. */
  changePassword: (currentPassword: string, newPassword: string) =>
    request<MessageResponse & { token: string }>('/auth/change-password', { method: 'POST', body: { currentPassword, newPassword }, auth: true }),
};

export const usersApi = {
  list: () => request<User[]>('/api/users', { auth: true }),
  get: (id: string) => request<User>(`/api/users/${encodeURIComponent(id)}`, { auth: true }),
  remove: (id: string) => request<MessageResponse>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
  /** Admin: ends every session of the user on every device. */
  signOutEverywhere: (id: string) =>
    request<MessageResponse>(`/api/users/${encodeURIComponent(id)}/sign-out-everywhere`, { method: 'POST', auth: true }),
};

/** The catalog's figures, counted by the server: what a page says about the catalog comes from here. */
export const catalogSummaryApi = {
  get: (signal?: AbortSignal) => request<CatalogSummary>('/api/catalog/summary', { signal }),
};

/** What one page of a public list asks for; values left out are not sent. */
export interface PageParams {
  limit?: number;
  cursor?: string;
}
export interface CatalogPageParams extends PageParams {
  sort?: CatalogSort;
  category?: string;
  q?: string;
  startsWith?: string;
}
export interface GalleryPageParams extends PageParams {
  sort?: GallerySort;
  q?: string;
}
export interface BlogPageParams extends PageParams {
  category?: string;
  q?: string;
}

/** `?a=1&b=x` from the defined values, in a fixed order (one URL, one cache entry, per page). */
export function pageSearch(params: object): string {
  const entries = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]): [string, string] => [key, String(value)])
    .sort(([a], [b]) => a.localeCompare(b));
  return `?${new URLSearchParams(entries).toString()}`;
}

function catalogApi<T extends Course>(base: string) {
  return {
    /** The whole list (the spec's call); the site itself reads pages. */
    list: (signal?: AbortSignal) => request<T[]>(base, { signal }),
    page: (params: CatalogPageParams, signal?: AbortSignal) => request<CatalogPage>(`${base}${pageSearch(params)}`, { signal }),
    /** A page of list cards (`fields=card`): no description or content, which `get` reads for one item. */
    cards: (params: CatalogPageParams, signal?: AbortSignal) =>
      request<CatalogCardPage>(`${base}${pageSearch({ ...params, fields: 'card' })}`, { signal }),
    get: (id: string, signal?: AbortSignal) => request<T>(`${base}/${encodeURIComponent(id)}`, { auth: true, signal }),
    create: (body: CourseInput) => request<T>(base, { method: 'POST', body, auth: true }),
    update: (id: string, body: CourseInput) => request<T>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: true }),
    remove: (id: string) => request<MessageResponse>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
  };
}

export const coursesApi = catalogApi<Course>('/api/courses');
export const quickProgramsApi = catalogApi<QuickProgram>('/api/quick-programs');

export const blogsApi = {
  list: () => request<Blog[]>('/api/blogs'),
  page: (params: BlogPageParams, signal?: AbortSignal) => request<BlogPage>(`/api/blogs${pageSearch(params)}`, { signal }),
  /** A page of blog cards (`fields=card`): content cut to the card's excerpt, no description. */
  cards: (params: BlogPageParams, signal?: AbortSignal) =>
    request<BlogCardPage>(`/api/blogs${pageSearch({ ...params, fields: 'card' })}`, { signal }),
  /** The spec's client reads one blog without the api prefix. */
  get: (id: string) => request<Blog>(`/blogs/${encodeURIComponent(id)}`),
  create: (body: Pick<Blog, 'title' | 'imgUrl' | 'content' | 'author' | 'category'> & { description?: string }) =>
    request<MessageResponse & { blog?: Blog }>('/api/blogs', { method: 'POST', body, auth: true }),
  remove: (id: string) => request<MessageResponse>(`/api/blogs/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
};

export const galleryApi = {
  list: () => request<GalleryImage[]>('/api/gallery'),
  page: (params: GalleryPageParams, signal?: AbortSignal) => request<GalleryPage>(`/api/gallery${pageSearch(params)}`, { signal }),
  /** Up to 5 MB going up: a minute, not the default 15 s. */
  upload: (form: FormData) => request<GalleryImage>('/api/gallery', { method: 'POST', body: form, auth: true, timeoutMs: 60_000 }),
  remove: (id: string) => request<MessageResponse>(`/api/gallery/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
};

export const paymentsApi = {
  list: () => request<Payment[]>('/api/payments', { auth: true }),
  /** The signed-in student's own payments. */
  mine: () => request<Payment[]>('/api/payments/mine', { auth: true }),
  /** "My learning": each program paid into, with its balance and receipts. */
  learning: () => request<Enrollment[]>('/api/payments/learning', { auth: true }),
  receipt: (paymentId: string) => request<Receipt>(`/api/receipts/${encodeURIComponent(paymentId)}`, { auth: true }),
  /** Admin: refund in full (no amount) or in part through PayPal. */
  refund: (paymentId: string, body: { amount?: number; reason?: string }) =>
    request<MessageResponse & { payment: Payment }>(`/api/payments/${encodeURIComponent(paymentId)}/refunds`, { method: 'POST', body, auth: true, timeoutMs: 90_000 }),
};

export const emailsApi = {
  /** Admin: mail that could not be sent. */
  unsent: () => request<UnsentEmail[]>('/api/emails/unsent', { auth: true }),
};
