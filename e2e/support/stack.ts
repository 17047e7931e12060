import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEV } from '@institute/shared/defaults';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DEPLOY_DIR = process.env.E2E_DEPLOY_DIR!;
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT || DEV.testPorts.api}`;
export const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT || DEV.testPorts.sandbox}`;
export const ADMIN = { email: DEV.admin.email, password: DEV.admin.password };

/** remotes.json: module name -> manifest URL, and the integrity of each remote's entry (written by publishing). */
export type Registry = { [name: `mf_${string}`]: string; integrity?: Record<string, string> };
const registryFile = () => path.join(DEPLOY_DIR, 'remotes.json');
export const readRegistry = (): Registry => JSON.parse(readFileSync(registryFile(), 'utf8'));
export const writeRegistry = (registry: Registry) => writeFileSync(registryFile(), JSON.stringify(registry, null, 2));

export async function apiLogin(email: string, password: string): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${API_URL}/auth/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { token: string; userId: string };
}

/** Registers a fresh student through the API and returns their credentials. */
export async function newStudent(): Promise<{ email: string; password: string; username: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const student = { email: `student${stamp}@example.test`, username: `student${stamp}`, password: 'Student#Pass2026' };
  const response = await fetch(`${API_URL}/auth/register`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...student, role: 'user' }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return student;
}

/** Signs in through the real login page, as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|sign in|login)$/i }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Signed in as the login page leaves a browser (the spec's two keys, `token` and `userId`, in its storage), without
 * the page: for journeys about something else. The form itself is proven by foundation, sessions, shell,
 * sign-in-return and student-accounts. The keys are written before the page's own scripts on its next load, once per
 * tab (a later sign-out stays signed out), so the caller's next step is a `goto`.
 */
export async function signInByStorage(page: Page, email: string, password: string) {
  const { token, userId } = await apiLogin(email, password);
  // Each call its own mark, so a second sign-in in the same tab (another account) applies on its next load too.
  const mark = `signed-in-by-storage-${Date.now()}-${Math.random()}`;
  await page.addInitScript(([t, u, m]) => {
    try {
      if (window !== window.top || sessionStorage.getItem(m)) return;
      localStorage.setItem('token', t);
      localStorage.setItem('userId', u);
      sessionStorage.setItem(m, '1');
    } catch {
      // A document without storage (a sandboxed JSON response) is not one of the site's pages.
    }
  }, [token, userId, mark] as const);
}
