import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { openInvoice } from '../support/invoices';
import { apiAs, payThroughApi, seededQuickProgram } from '../support/payments';
import { ADMIN, apiLogin, newStudent } from '../support/stack';
import { inspect, routePaths, screenshotPath, watchProblems, type AxeScope, type Inspection } from '../support/sweep';
import { sweepTiming } from '../support/sweep-timing';

/**
 * The net (issue 14): every route of the route table, signed out, as a student and as an admin, at 375 and 1366 px
 * (and 768 px signed out). Each visit, at every width: no sideways scrolling, no console error, page exception or
 * failed request, one h1 and a title. No serious or critical axe violation: every page at 1366 px, and at 375 px the
 * header once (the same component on every page, whose menu is the mobile one below 1024 px); 768 px shows the
 * 375 px menu (decision 056).
 * With SWEEP_SCREENSHOTS=1 each visit also leaves a full-page screenshot in e2e/screenshots/ for a person to look
 * through; the screenshot net (e2e/visual) compares the pages that matter with references.
 * One browser context per role and width, signed in once through stored state, keeps it to a few minutes.
 */
const ROLES = ['visitor', 'student', 'admin'] as const;
type Role = (typeof ROLES)[number];
/**
 * Signed in, the phone and the desktop: at 768 px a student's and an admin's pages are pictured by the screenshot net
 * (profile, receipt, admin sections), and the visitor's sweep there covers the public pages they share.
 */
const WIDTHS: Record<Role, readonly number[]> = { visitor: [375, 768, 1366], student: [375, 1366], admin: [375, 1366] };
/** The DOM is the same at every width (CSS lays it out): axe analyses what each width adds (see AxeScope). */
const AXE_AT: Record<number, AxeScope> = { 375: 'header', 1366: 'page' };
const SCREENSHOTS = process.env.SWEEP_SCREENSHOTS === '1';

const sessions = new Map<Role, { token: string; userId: string } | null>();
let receiptId = '';
/** The student's certificate (issue 31) and their page in the admin's Users section. */
let certificate = { id: '', code: '' };
let studentId = '';
let invoiceCode = '';
async function session(role: Role) {
  if (!sessions.has(role)) {
    if (role === 'visitor') sessions.set(role, null);
    else if (role === 'admin') sessions.set(role, await apiLogin(ADMIN.email, ADMIN.password));
    else {
      const student = await newStudent();
      const signedIn = await apiLogin(student.email, student.password);
      // The student has paid once, so /receipts/:id shows their receipt (the admin sees it too).
      const program = await seededQuickProgram('Excel for Business');
      receiptId = (await payThroughApi(signedIn.token, program._id, program.price))._id;
      // Paid in full in a seeded session: the admin completes it, so the certificate pages show a certificate.
      const admin = await apiLogin(ADMIN.email, ADMIN.password);
      const [enrollment] = (await apiAs<{ id: string }[]>(admin.token, 'GET', `/api/enrollments?userId=${signedIn.userId}`)).body;
      certificate = (await apiAs<{ certificate: typeof certificate }>(admin.token, 'POST', `/api/enrollments/${enrollment!.id}/complete`)).body.certificate;
      studentId = signedIn.userId;
      sessions.set(role, signedIn);
    }
  }
  return sessions.get(role)!;
}

async function contextFor(browser: Browser, role: Role, width: number, baseURL: string): Promise<BrowserContext> {
  const signedIn = await session(role);
  const localStorage = signedIn ? [{ name: 'token', value: signedIn.token }, { name: 'userId', value: signedIn.userId }] : [];
  return browser.newContext({
    baseURL, viewport: { width, height: width < 768 ? 740 : 900 },
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage }] },
  });
}

for (const role of ROLES) {
  for (const width of WIDTHS[role]) {
    test(`every route as ${role} at ${width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(300_000);
      await session('student');
      // An employer invoice's public page is addressed by its code (decision 052).
      invoiceCode ||= (await openInvoice()).payUrl.split('/').at(-2)!;
      const paths = [
        ...await routePaths({ '/receipts/:id': receiptId, '/my-certificates/:id': certificate.id, '/certificates/:code': certificate.code,
          '/invoices/:code/pay': invoiceCode }),
        // A student's page is the Users section with the student's id, not a route of its own.
        { pattern: '/admin?section=users&student', path: `/admin?section=users&student=${studentId}` },
      ];
      const context = await contextFor(browser, role, width, baseURL!);
      // axe once per page actually shown: guarded routes land on /login or / and need no second analysis. The header
      // is one component on every page, so where only it is analysed, once is enough.
      const analysed = new Set<string>();
      let headerAnalysed = false;
      const timing = sweepTiming();
      try {
        for (const { pattern, path: route } of paths) {
          const page = await context.newPage();
          const problems = watchProblems(page);
          await timing.phase(route, 'goto', async () => {
            await page.goto(route);
            await page.waitForLoadState('networkidle');
          });
          await expect.soft(page.locator('h1'), `${route}: one h1`).toHaveCount(1);
          const landed = new URL(page.url()).pathname;
          const scope = AXE_AT[width] ?? 'none';
          const axe: AxeScope = (scope === 'header' ? headerAnalysed : analysed.has(landed)) ? 'none' : scope;
          const found: Inspection = await timing.phase(route, axe === 'none' ? 'layout' : `layout+axe ${axe}`, () => inspect(page, axe));
          analysed.add(landed);
          headerAnalysed ||= found.analysed === 'header';
          if (SCREENSHOTS) await timing.phase(route, 'screenshot', () => page.screenshot({ path: screenshotPath(role, width, pattern), fullPage: true }));
          const where = `${route} (${role}, ${width} px${landed !== route ? `, landed on ${landed}` : ''})`;
          expect.soft(found.scrollWidth, `${where}: document ${found.scrollWidth} px wide`).toBeLessThanOrEqual(found.innerWidth);
          expect.soft(found.title, `${where}: document title`).not.toBe('');
          expect.soft(found.violations, `${where}: serious or critical axe violations`).toEqual([]);
          expect.soft(problems, `${where}: console errors, exceptions, failed requests`).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
        await timing.report(test.info(), `${role} at ${width} px`);
      }
    });
  }
}
