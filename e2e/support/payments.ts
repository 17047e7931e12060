import { expect, type Page } from '@playwright/test';
import type { Course, Payment, PaymentCheckResponse } from '@institute/shared/contract';
import { adminToken, listCourses, listQuickPrograms } from './api';
import { dollarsWithCents } from './format';
import { instituteName } from './page-checks';
import { API_URL, newStudent, SANDBOX_URL, signIn } from './stack';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** Calls the API without throwing on 4xx, so a test can assert a refusal and its message. */
export async function apiAs<T>(token: string, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function ok<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what} failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

export const myPayments = (token: string) => ok(apiAs<Payment[]>(token, 'GET', '/api/payments/mine'), 'GET /api/payments/mine');
export const allPayments = async () => ok(apiAs<Payment[]>(await adminToken(), 'GET', '/api/payments'), 'GET /api/payments');
export const paymentCheck = (token: string, programId: string) =>
  ok(apiAs<PaymentCheckResponse>(token, 'GET', `/api/payments/check/${encodeURIComponent(programId)}`), 'GET /api/payments/check');
export const createOrder = (token: string, programId: string, amount: number) =>
  apiAs<{ orderID?: string; error?: string; message?: string }>(token, 'POST', `/api/payments/create-order/${encodeURIComponent(programId)}`, { amount });

/** The caller's payments for one program; the list names programs by title, and seeded titles are unique. */
export const paymentsFor = async (token: string, title: string) => (await myPayments(token)).filter((p) => p.program?.title === title);

async function seeded(list: () => Promise<Course[]>, title: string): Promise<Course> {
  const found = (await list()).find((p) => p.title === title);
  expect(found, `seeded program "${title}"`).toBeDefined();
  return found!;
}
export const seededCourse = (title: string) => seeded(listCourses, title);
export const seededQuickProgram = (title: string) => seeded(listQuickPrograms, title);

/** A fresh student, signed in through the login page; their token is the one the site stored. */
export async function signedInStudent(page: Page) {
  const student = await newStudent();
  await signIn(page, student.email, student.password);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('the site stored no token after signing in');
  return { ...student, token };
}

/** Records every alert and accepts it, so the page carries on as after a click on OK. */
export function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** /payment/{id} needs the course in navigation state, so it is reached as a student would: "Enroll Now". */
export async function openPaymentPage(page: Page, course: Course) {
  await page.goto(`/courses/${course._id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${course._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
}

/** The redirect flow's approval page at the sandbox; returns the order id (its `token`). */
export async function onSandboxCheckout(page: Page): Promise<string> {
  // The sandbox's public address may be localhost or 127.0.0.1; its port is what identifies it.
  await page.waitForURL((url) => url.port === new URL(SANDBOX_URL).port && url.pathname === '/checkoutnow');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with PayPal' })).toBeVisible();
  const token = new URL(page.url()).searchParams.get('token');
  if (!token) throw new Error(`no order token in ${page.url()}`);
  return token;
}

/** The SDK stand-in's in-page approval dialog, opened by its "PayPal" button. */
export const sdkDialog = (page: Page) => page.getByRole('dialog', { name: 'Pay with PayPal' });

/**
 * Pays a program without the browser: create-order, approval as the buyer (sandbox control), capture-order.
 * For journeys that need a payment to exist, not the ones that test paying.
 */
export async function payThroughApi(token: string, programId: string, amount: number): Promise<Payment> {
  const created = await createOrder(token, programId, amount);
  if (created.status !== 201 || !created.body.orderID) throw new Error(`create-order failed: ${created.status} ${JSON.stringify(created.body)}`);
  const orderID = created.body.orderID;
  const approved = await fetch(`${SANDBOX_URL}/__control/paypal/orders/${encodeURIComponent(orderID)}/approve`, { method: 'POST' });
  if (!approved.ok) throw new Error(`sandbox approval failed: ${approved.status} ${await approved.text()}`);
  const captured = await ok(apiAs<{ payment: Payment }>(token, 'POST', '/api/payments/capture-order', { orderID, programID: programId }), 'capture-order');
  return captured.payment;
}

/** "#1c7c3c" -> "rgb(28, 124, 60)", the form getComputedStyle reports. */
export function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.trim().replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** From a course's payment page through "Or pay by PayPal checkout" to the open "Enroll for {title}" modal (spec section 9). */
export async function openEnrollModal(page: Page, course: Pick<Course, 'title' | 'price'>) {
  await page.getByRole('link', { name: 'Or pay by PayPal checkout' }).click();
  await expect(page).toHaveURL(/\/payment-options$/);
  await expect(page.getByRole('heading', { level: 1, name: `${instituteName()}, New Jersey` })).toBeVisible();
  await expect(page.getByText('100% job placement support after completion')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const modal = page.getByRole('dialog', { name: `Enroll for ${course.title}` });
  await expect(modal).toBeVisible();
  // Today's format ($2,400.00), or the previous release's ($2400.00) when the version-skew journey runs its checkout.
  const amounts = [dollarsWithCents(course.price), `$${course.price.toFixed(2)}`].map((text) => text.replace(/[$.]/g, '\\$&'));
  await expect(modal.getByText(new RegExp(`^Complete your payment of (${amounts.join('|')}) to enroll in this course\\.$`))).toBeVisible();
  return modal;
}
