import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useSearchParams } from '@institute/shared/router';
import type { AdminPageProps } from '@institute/shared/contract';
import { Spinner } from '@institute/shared/ui';
import { AdminSidebar } from './admin-sidebar';
import { Dashboard } from './dashboard';
import { resolveSection, SIDEBAR, type SectionKey } from './sections';
import styles from './admin-page.module.css';

/** One student's ledger with its dialogs (issue 30): its own chunk, loaded when a payment's balance is opened. */
const LedgerPanel = lazy(() => import('../features/ledger').then((m) => ({ default: m.StudentLedgerPanel })));

/** Each section is its own chunk: an admin opening Users does not download the payments table. */
const SECTIONS: Record<Exclude<SectionKey, 'dashboard'>, LazyExoticComponent<ComponentType>> = {
  users: lazy(() => import('../features/users/components/users-section').then((m) => ({ default: m.UsersSection }))),
  courses: lazy(() => import('../features/catalog-admin/components/catalog-section').then((m) => ({ default: m.CoursesSection }))),
  'quick-programs': lazy(() =>
    import('../features/catalog-admin/components/catalog-section').then((m) => ({ default: m.QuickProgramsSection })),
  ),
  gallery: lazy(() => import('../features/gallery-admin/components/gallery-section').then((m) => ({ default: m.GallerySection }))),
  blog: lazy(() => import('../features/blog-admin/components/blog-section').then((m) => ({ default: m.BlogSection }))),
  payments: lazy(() => import('../features/payments-admin/components/payments-section').then((m) => ({
    default: () => <m.PaymentsSection ledgerPanel={LedgerPanel} />,
  }))),
  sessions: lazy(() => import('../features/sessions-admin/components/sessions-section').then((m) => ({ default: m.SessionsSection }))),
  receivables: lazy(() => import('../features/receivables/components/receivables-section').then((m) => ({ default: m.ReceivablesSection }))),
  coupons: lazy(() => import('../features/coupons-admin/components/coupons-section').then((m) => ({ default: m.CouponsSection }))),
  invoices: lazy(() => import('../features/invoices-admin/components/invoices-section').then((m) => ({ default: m.InvoicesSection }))),
  agreement: lazy(() => import('../features/agreement-admin/components/agreement-section').then((m) => ({ default: m.AgreementSection }))),
  inquiries: lazy(() => import('../features/inquiries/components/inquiries-section').then((m) => ({ default: m.InquiriesSection }))),
  advising: lazy(() => import('../features/advising-admin/components/advising-section').then((m) => ({ default: m.AdvisingSection }))),
  performance: lazy(() => import('../features/performance/components/performance-section').then((m) => ({ default: m.PerformanceSection }))),
  modules: lazy(() => import('../features/modules/components/modules-section').then((m) => ({ default: m.ModulesSection }))),
};
/** One student's page (issue 31): Users with `&student=<id>`, so the Users entry stays the active one. */
const StudentPage = lazy(() => import('../features/students/components/student-page').then((m) => ({ default: m.StudentPage })));

export function AdminPage({ section: routeSection }: AdminPageProps) {
  const [params] = useSearchParams();
  const active = resolveSection(routeSection, params.get('section'));
  const entry = SIDEBAR.find((e) => e.key === active);
  const Section = active === 'dashboard' ? null : SECTIONS[active];
  const studentId = active === 'users' ? params.get('student') : null;
  return (
    <div className={styles.layout}>
      <AdminSidebar active={active} />
      <section className={styles.content} aria-labelledby="admin-section-title">
        {Section && entry ? (
          <>
            <h1 id="admin-section-title" className={styles.title}>{studentId ? 'Student' : entry.title}</h1>
            <Suspense fallback={<Spinner label="Loading section..." />}>
              {studentId ? <StudentPage key={studentId} userId={studentId} ledgerPanel={LedgerPanel} /> : <Section />}
            </Suspense>
          </>
        ) : (
          <Dashboard />
        )}
      </section>
    </div>
  );
}
