import type { AdminInvoice, ClassSession, Course } from '@institute/shared/contract';
import { adminToken, getJson, listCourses } from './api';
import { apiAs } from './payments';
import { apiLogin, newStudent } from './stack';

/** A fresh student account with its id and token (an invoice names students by account). */
export async function freshStudent() {
  const student = await newStudent();
  return { ...student, ...(await apiLogin(student.email, student.password)) };
}

/** A seeded course and its live online cohort, which has no seat limit: invoicing it never fills a seeded class. */
export async function courseWithOpenSeats(title = 'Project Management Essentials'): Promise<{ course: Course; session: ClassSession }> {
  const course = (await listCourses()).find((c) => c.title === title);
  if (!course) throw new Error(`seeded course "${title}" not found`);
  const sessions = await getJson<ClassSession[]>(`/api/sessions?courseId=${encodeURIComponent(course._id)}`);
  const session = sessions.find((s) => s.seats === null && s.status === 'open');
  if (!session) throw new Error(`"${title}" has no open session without a seat limit`);
  return { course, session };
}

/** An open invoice for one fresh student's seat, issued through the API (for pages that need one to exist). */
export async function openInvoice(): Promise<AdminInvoice> {
  const [{ course, session }, student] = await Promise.all([courseWithOpenSeats(), freshStudent()]);
  const issued = await apiAs<{ invoice: AdminInvoice }>(await adminToken(), 'POST', '/api/admin/invoices', {
    organization: { name: 'Route Sweep Ltd', address: '1 Test Street' }, contact: { name: 'Sam Sweep', email: 'sam@sweep.test' },
    dueOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    lines: [{ userId: student.userId, programId: course._id, sessionId: session.id }],
  });
  if (issued.status !== 201) throw new Error(`issuing an invoice failed: ${issued.status} ${JSON.stringify(issued.body)}`);
  return issued.body.invoice;
}

/** The path of an invoice's payment page, from the link the API gives the admin and the email. */
export const payPath = (url: string) => new URL(url).pathname;
