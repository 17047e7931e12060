/**
 * The exposes contract: what each remote publishes and what the shell and other remotes may load.
 * A remote may add exposes; it must not rename or remove one without a deprecation window.
 * Each remote's webpack config exposes exactly this list (tools/webpack/contract.cjs reads this file, so it holds
 * plain data and imports nothing).
 */
export const EXPOSES = {
  mf_catalog: ['./CoursesPage', './CourseDetailPage', './QuickProgramsPage', './QuickProgramDetailPage', './PopularCourses', './CertificateVerificationPage'],
  mf_checkout: ['./PaymentPage', './PaymentOptionsPage', './PaymentSuccessPage', './PaymentCancelPage', './ProgramPayment', './CheckoutModal'],
  mf_content: ['./BlogListPage', './BlogDetailPage', './GalleryPage', './ContactPage', './AppointmentPage', './AdvisingPage', './BlogHighlights'],
  mf_admin: ['./AdminPage'],
} as const;

/**
 * Pages the shell loads only where the remote already has them: added after the last release, so the previous
 * release of that remote still goes live beside today's shell (the compatibility check lets these through), and on
 * that page alone the area's "unavailable" fallback shows until the new remote is live. An entry leaves this list
 * once the remote that exposes it has been released.
 */
export const OPTIONAL_LOADS = ['mf_catalog/CertificateVerificationPage', 'mf_content/AdvisingPage'] as const;

export type RemoteModuleId = {
  [K in keyof typeof EXPOSES]: `${K}/${(typeof EXPOSES)[K][number] extends `./${infer N}` ? N : never}`;
}[keyof typeof EXPOSES];

/** Props of the widgets that cross module boundaries. */
export interface ProgramPaymentProps {
  programId: string;
  price: number;
  title: string;
}
/** The advising page lists the open times and books one; `cancel` is the page a booking's cancel link opens. */
export interface AdvisingPageProps {
  view?: 'book' | 'cancel';
}
export interface AdminPageProps {
  section?: 'dashboard' | 'users' | 'courses' | 'quick-programs' | 'gallery' | 'blog' | 'payments' | 'performance' | 'modules' | 'sessions' | 'agreement' | 'coupons' | 'inquiries' | 'receivables' | 'advising' | 'invoices';
}
/**
 * The shell's admin routes and the section each opens; the admin's sidebar links to them. Users and Performance
 * have no route of their own: they are the dashboard route with `?section=`.
 */
export const ADMIN_SECTION_PATHS = {
  dashboard: '/admin',
  courses: '/add-course',
  'quick-programs': '/add-quick-program',
  gallery: '/add-images',
  blog: '/add-blog',
  payments: '/payment',
} as const satisfies Partial<Record<NonNullable<AdminPageProps['section']>, string>>;

/** Props of checkout's exposed CheckoutModal. The price is kept as given: checkout shows 10.00 when it is not numeric. */
export interface CheckoutModalProps {
  course: { _id: string; title: string; price?: unknown };
  open: boolean;
  onClose(): void;
  /** The class session whose seat is bought (issue 29); absent for a course without sessions. */
  sessionId?: string;
}
