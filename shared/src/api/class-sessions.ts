import { queryOptions } from '@tanstack/react-query';
import type {
  Agreement, AgreementAcceptance, ClassEnrollment, ClassSession, ClassSessionInput, MessageResponse, OwnWaitlistEntry, RosterEntry,
  WaitlistEntry,
} from '../contract';
import { ApiError, request } from './http';

/** Whose sessions: a course's or a quick program's. */
export interface SessionOwner {
  kind: 'course' | 'program';
  id: string;
}

const ownerSearch = ({ kind, id }: SessionOwner) => `${kind === 'course' ? 'courseId' : 'programId'}=${encodeURIComponent(id)}`;
const one = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

export const classSessionsApi = {
  /** Public: upcoming, not cancelled, by start date. With `all` (admin) past and cancelled ones too. */
  list: (owner: SessionOwner, { all = false, signal }: { all?: boolean; signal?: AbortSignal } = {}) =>
    request<ClassSession[]>(`/api/sessions?${ownerSearch(owner)}${all ? '&all=1' : ''}`, { auth: all, signal }),
  get: (id: string, signal?: AbortSignal) => request<ClassSession>(one(id), { signal }),
  create: (body: ClassSessionInput) => request<ClassSession>('/api/sessions', { method: 'POST', body, auth: true }),
  update: (id: string, body: ClassSessionInput) => request<ClassSession>(one(id), { method: 'PUT', body, auth: true }),
  close: (id: string) => request<ClassSession>(`${one(id)}/close`, { method: 'POST', auth: true }),
  cancel: (id: string) => request<ClassSession>(`${one(id)}/cancel`, { method: 'POST', auth: true }),
  reopen: (id: string) => request<ClassSession>(`${one(id)}/reopen`, { method: 'POST', auth: true }),
  roster: (id: string) => request<RosterEntry[]>(`${one(id)}/roster`, { auth: true }),
  waitlist: (id: string) => request<WaitlistEntry[]>(`${one(id)}/waitlist`, { auth: true }),
  reorderWaitlist: (id: string, order: string[]) =>
    request<WaitlistEntry[]>(`${one(id)}/waitlist`, { method: 'PUT', body: { order }, auth: true }),
  joinWaitlist: (id: string) => request<WaitlistEntry>(`${one(id)}/waitlist`, { method: 'POST', auth: true }),
  leaveWaitlist: (id: string) => request<MessageResponse>(`${one(id)}/waitlist`, { method: 'DELETE', auth: true }),
  /** The signed-in student's waitlist places and the seats offered to them. */
  myWaitlist: (signal?: AbortSignal) => request<OwnWaitlistEntry[]>('/api/waitlist/mine', { auth: true, signal }),
};

export const classEnrollmentsApi = {
  mine: () => request<ClassEnrollment[]>('/api/enrollments/mine', { auth: true }),
};

export const agreementApi = {
  current: (signal?: AbortSignal) => request<Agreement>('/api/agreement', { signal }),
  versions: () => request<Agreement[]>('/api/agreement/versions', { auth: true }),
  publish: (body: { title: string; body: string }) => request<Agreement>('/api/agreement', { method: 'POST', body, auth: true }),
  accept: (version: number) => request<AgreementAcceptance>('/api/agreement/accept', { method: 'POST', body: { version }, auth: true }),
  /** null when this student has accepted no version yet. */
  mine: async (): Promise<AgreementAcceptance | null> => {
    try {
      return await request<AgreementAcceptance>('/api/agreement/mine', { auth: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};

export const classSessionKeys = {
  all: ['class-sessions'] as const,
  of: (owner: SessionOwner) => ['class-sessions', owner.kind, owner.id] as const,
  admin: (owner: SessionOwner) => ['class-sessions', owner.kind, owner.id, 'all'] as const,
  roster: (id: string) => ['class-sessions', 'roster', id] as const,
  waitlist: (id: string) => ['class-sessions', 'waitlist', id] as const,
  myEnrollments: ['enrollments', 'mine'] as const,
  myWaitlist: ['waitlist', 'mine'] as const,
  agreement: ['agreement'] as const,
  myAgreement: ['agreement', 'mine'] as const,
  agreementVersions: ['agreement', 'versions'] as const,
};

/**
 * A course's or program's upcoming sessions, as the public pages list them. A catalog without the sessions API
 * (an older API, 404) reads as none, so the page keeps today's flow.
 */
export const upcomingSessionsQuery = (owner: SessionOwner) => queryOptions({
  queryKey: classSessionKeys.of(owner),
  queryFn: async ({ signal }): Promise<ClassSession[]> => {
    try {
      const list = await classSessionsApi.list(owner, { signal });
      return Array.isArray(list) ? list : [];
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },
  enabled: owner.id !== '',
  staleTime: 30_000,
});

/** The current enrollment agreement; null when none is published yet (nothing to accept). */
export const agreementQuery = () => queryOptions({
  queryKey: classSessionKeys.agreement,
  queryFn: async ({ signal }): Promise<Agreement | null> => {
    try {
      return await agreementApi.current(signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

/** The signed-in student's waitlist places (offers included); an API without the call (404) reads as none. */
export const myWaitlistQuery = (signedIn: boolean) => queryOptions({
  queryKey: classSessionKeys.myWaitlist,
  queryFn: async ({ signal }): Promise<OwnWaitlistEntry[]> => {
    try {
      return await classSessionsApi.myWaitlist(signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },
  enabled: signedIn,
  staleTime: 30_000,
});
