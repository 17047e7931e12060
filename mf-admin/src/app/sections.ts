import { ADMIN_SECTION_PATHS, type AdminPageProps } from '@institute/shared/contract';

export type SectionKey = NonNullable<AdminPageProps['section']>;

export interface SidebarEntry {
  key: Exclude<SectionKey, 'dashboard'>;
  label: string;
  /** The selection lives in the URL, so back/forward and reloads keep it. */
  to: string;
  title: string;
}

/** The shell's routes for each section come from the contract; Users and Performance are the dashboard route with a query. */
export const SIDEBAR: SidebarEntry[] = [
  { key: 'users', label: 'Users', to: `${ADMIN_SECTION_PATHS.dashboard}?section=users`, title: 'Users' },
  { key: 'courses', label: 'Add Courses', to: ADMIN_SECTION_PATHS.courses, title: 'Courses' },
  { key: 'quick-programs', label: 'Quick Programs', to: ADMIN_SECTION_PATHS['quick-programs'], title: 'Quick Programs' },
  { key: 'gallery', label: 'Gallery', to: ADMIN_SECTION_PATHS.gallery, title: 'Gallery' },
  { key: 'blog', label: 'Blog', to: ADMIN_SECTION_PATHS.blog, title: 'Blog' },
  { key: 'payments', label: 'Payment', to: ADMIN_SECTION_PATHS.payments, title: 'Payments' },
  // Who owes what (issue 30): balances aged by due date, a section of the dashboard route too.
  { key: 'receivables', label: 'Receivables', to: `${ADMIN_SECTION_PATHS.dashboard}?section=receivables`, title: 'Receivables' },
  // Class sessions and the enrollment agreement (issue 29) are sections of the dashboard route, like Users.
  { key: 'sessions', label: 'Class Sessions', to: `${ADMIN_SECTION_PATHS.dashboard}?section=sessions`, title: 'Class Sessions' },
  { key: 'agreement', label: 'Enrollment Agreement', to: `${ADMIN_SECTION_PATHS.dashboard}?section=agreement`, title: 'Enrollment Agreement' },
  // Coupon codes (issue 30), a section of the dashboard route too.
  { key: 'coupons', label: 'Coupons', to: `${ADMIN_SECTION_PATHS.dashboard}?section=coupons`, title: 'Coupons' },
  // Employer invoices (issue 30): an organization billed for several students' seats.
  { key: 'invoices', label: 'Invoices', to: `${ADMIN_SECTION_PATHS.dashboard}?section=invoices`, title: 'Employer Invoices' },
  // The leads inbox (issue 31) is a section of the dashboard route too.
  { key: 'inquiries', label: 'Inquiries', to: `${ADMIN_SECTION_PATHS.dashboard}?section=inquiries`, title: 'Inquiries' },
  // Advising hours (issue 31): published slots and their bookings, a section of the dashboard route too.
  { key: 'advising', label: 'Advising', to: `${ADMIN_SECTION_PATHS.dashboard}?section=advising`, title: 'Advising Hours' },
  // Field data has no route of its own either: a section of the dashboard route.
  { key: 'performance', label: 'Performance', to: `${ADMIN_SECTION_PATHS.dashboard}?section=performance`, title: 'Performance' },
  // Release health (issue 27): canary against live per module; a section of the dashboard route too.
  { key: 'modules', label: 'Modules', to: `${ADMIN_SECTION_PATHS.dashboard}?section=modules`, title: 'Modules' },
];

const KEYS = new Set<string>(SIDEBAR.map((entry) => entry.key));

/** The route's section wins; only the dashboard route reads `?section=` (e.g. /admin?section=users). */
export function resolveSection(routeSection: SectionKey | undefined, query: string | null): SectionKey {
  const base = routeSection ?? 'dashboard';
  if (base === 'dashboard' && query && KEYS.has(query)) return query as SectionKey;
  return base;
}
