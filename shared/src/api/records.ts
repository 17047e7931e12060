import type { Certificate, CertificateVerification, ClassCompletion, CompletionResult, StudentNote, StudentRecord, User } from '../contract';
import { request } from './http';

const id = encodeURIComponent;

/** Issue 31: the student's legal name and phone (an empty string clears one). */
export const contactApi = {
  save: (userId: string, body: { legalName: string; phone: string }) =>
    request<User>(`/api/users/${id(userId)}/contact`, { method: 'PUT', body, auth: true }),
};

export const certificatesApi = {
  mine: () => request<Certificate[]>('/api/certificates/mine', { auth: true }),
  get: (certificateId: string) => request<Certificate>(`/api/certificates/${id(certificateId)}`, { auth: true }),
  /** Public: what anyone holding the code may read. */
  verify: (code: string) => request<CertificateVerification>(`/api/certificates/verify/${id(code)}`),
  complete: (enrollmentId: string) => request<CompletionResult>(`/api/enrollments/${id(enrollmentId)}/complete`, { method: 'POST', auth: true }),
  completeClass: (sessionId: string) => request<ClassCompletion>(`/api/sessions/${id(sessionId)}/complete`, { method: 'POST', auth: true }),
  revoke: (certificateId: string, reason: string) =>
    request<Certificate>(`/api/certificates/${id(certificateId)}/revoke`, { method: 'POST', body: { reason }, auth: true }),
};

export const studentRecordsApi = {
  get: (userId: string) => request<StudentRecord>(`/api/students/${id(userId)}`, { auth: true }),
  addNote: (userId: string, body: string) => request<StudentNote>(`/api/students/${id(userId)}/notes`, { method: 'POST', body: { body }, auth: true }),
};

export const recordKeys = {
  myCertificates: ['certificates', 'mine'] as const,
  certificate: (certificateId: string) => ['certificates', certificateId] as const,
  verification: (code: string) => ['certificates', 'verify', code] as const,
  student: (userId: string) => ['students', userId] as const,
};
