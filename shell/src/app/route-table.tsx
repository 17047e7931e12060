import type { Access } from '@institute/shared/auth';
import { ADMIN_SECTION_PATHS, type AdminPageProps, type RemoteModuleId } from '@institute/shared/contract';
import type { RouteQuery } from './prefetch/route-query';
import { shellPage as page, type ShellPage } from './shell-page';

/** A route is served either by a shell page (code-split) or by a remote module loaded at run time. */
export type RouteEntry = { path: string; access: Access; title: string } & (
  | {
      page: ShellPage;
      /** The page reads data through the query client, which then loads with it. */
      queries?: boolean;
      /**
       * The page's main data: the site server reads it and renders the page with it per request, instead of the
       * page's prerendered placeholder (docs/decisions/059). Data it answers null for is a page that answers 404.
       */
      query?: RouteQuery;
      /** The page shows one person's data (reached by a code in its URL): never kept by a shared cache. */
      personal?: boolean;
    }
  | {
      remote: RemoteModuleId;
      area: string;
      props?: object;
      /** API paths the page reads first (`:param` from the URL): requested by the HTML, beside the page's code. */
      data?: string[];
      /**
       * The page's first query, built by the same query function the page reads it with, so a prefetch fills the
       * very cache entry the page then finds (docs/decisions/031).
       */
      query?: RouteQuery;
      /** The page banner's title when it is fixed: shown at once, and kept when the page arrives. */
      heading?: string;
      /**
       * The site server renders this page into its HTML per request, for anyone (decision 018; not a page showing one
       * person's data): a press on a link to it while its code is not here fetches that HTML (decision 064).
       */
      serverRendered?: true;
    }
);

const Home = page('page-home', () => import(/* webpackChunkName: "page-home" */ '../features/home/home-page'));
const About = page('page-about', () => import(/* webpackChunkName: "page-about" */ '../features/about/about-page'));
const Login = page('page-login', () => import(/* webpackChunkName: "page-login" */ '../features/auth/login-page'));
const Register = page('page-register', () => import(/* webpackChunkName: "page-register" */ '../features/auth/register-page'));
const Profile = page('page-profile', () => import(/* webpackChunkName: "page-profile" */ '../features/profile/profile-page'));
const PrivacyPolicy = page('page-privacy-policy', () => import(/* webpackChunkName: "page-privacy-policy" */ '../features/policies/privacy-policy-page'));
const Terms = page('page-terms', () => import(/* webpackChunkName: "page-terms" */ '../features/policies/terms-page'));
const ForgotPassword = page('page-forgot-password', () => import(/* webpackChunkName: "page-forgot-password" */ '../features/auth/forgot-password-page'));
const ResetPassword = page('page-reset-password', () => import(/* webpackChunkName: "page-reset-password" */ '../features/auth/reset-password-page'));
const Receipt = page('page-receipt', () => import(/* webpackChunkName: "page-receipt" */ '../features/receipts/receipt-page'));
const Certificate = page('page-certificate', () => import(/* webpackChunkName: "page-certificate" */ '../features/certificates/certificate-page'));
const InvoicePay = page('page-invoice-pay', () => import(/* webpackChunkName: "page-invoice-pay" */ '../features/invoices/invoice-pay-page'));
const Versions = page('page-versions', () => import(/* webpackChunkName: "page-versions" */ '../features/versions/versions-page'));

const admin = (path: string, section: AdminPageProps['section']): RouteEntry => ({
  path, access: 'admin', title: 'Admin', remote: 'mf_admin/AdminPage', area: 'The admin panel', props: { section },
});

/** The one route table of the site (spec section 2), with each route's access level. */
export const ROUTES: RouteEntry[] = [
  { path: '/', access: 'public', title: 'Home', page: Home },
  { path: '/about', access: 'public', title: 'About Us', page: About },
  { path: '/login', access: 'public', title: 'Sign In', page: Login, queries: true },
  { path: '/register', access: 'public', title: 'Create an Account', page: Register, queries: true },
  { path: '/privacy-policy', access: 'public', title: 'Privacy Policy', page: PrivacyPolicy },
  { path: '/terms-and-conditions', access: 'public', title: 'Terms and Conditions', page: Terms, queries: true },
  { path: '/versions', access: 'public', title: 'Module versions', page: Versions, queries: true },
  { path: '/profile', access: 'signed-in', title: 'Profile', page: Profile, queries: true },
  { path: '/forgot-password', access: 'public', title: 'Forgot password', page: ForgotPassword, queries: true },
  { path: '/reset-password', access: 'public', title: 'Set a new password', page: ResetPassword, queries: true },
  { path: '/receipts/:id', access: 'signed-in', title: 'Receipt', page: Receipt, queries: true },
  { path: '/my-certificates/:id', access: 'signed-in', title: 'Certificate', page: Certificate, queries: true },
  { path: '/invoices/:code/pay', access: 'public', title: 'Invoice', page: InvoicePay, queries: true, query: (api, { params }) => api.invoiceQuery(params.code ?? ''), personal: true },

  { path: '/courses', access: 'public', title: 'Courses', remote: 'mf_catalog/CoursesPage', area: 'The course catalog', data: ['/api/courses?fields=card&limit=24'], query: (api, { search }) => api.coursePagesQuery(api.catalogFiltersFrom(search), api.firstPageLimit(api.shownFrom(search))), heading: 'Courses', serverRendered: true },
  { path: '/courses/:id', access: 'public', title: 'Course', remote: 'mf_catalog/CourseDetailPage', area: 'The course catalog', data: ['/api/courses/:id'], query: (api, { params }) => api.courseQuery(params.id ?? ''), serverRendered: true },
  { path: '/quick-programs', access: 'public', title: 'Quick Programs', remote: 'mf_catalog/QuickProgramsPage', area: 'Quick programs', data: ['/api/quick-programs?fields=card&limit=24'], query: (api, { search }) => api.quickProgramPagesQuery(api.catalogFiltersFrom(search), api.firstPageLimit(api.shownFrom(search))), heading: 'Quick Programs', serverRendered: true },
  { path: '/quick-programs/:id', access: 'public', title: 'Quick Program', remote: 'mf_catalog/QuickProgramDetailPage', area: 'Quick programs', data: ['/api/quick-programs/:id'], query: (api, { params }) => api.quickProgramQuery(params.id ?? ''), serverRendered: true },

  // Issue 31: anyone holding a certificate's code checks it; rendered on the server, its 404 passed on.
  { path: '/certificates/:code', access: 'public', title: 'Certificate verification', remote: 'mf_catalog/CertificateVerificationPage', area: 'Certificate verification' },

  { path: '/payment/:id', access: 'public', title: 'Payment', remote: 'mf_checkout/PaymentPage', area: 'Checkout' },
  { path: '/payment-options', access: 'public', title: 'Payment options', remote: 'mf_checkout/PaymentOptionsPage', area: 'Checkout' },
  { path: '/payment-success', access: 'public', title: 'Payment confirmation', remote: 'mf_checkout/PaymentSuccessPage', area: 'Checkout' },
  { path: '/payment-cancel', access: 'public', title: 'Payment cancelled', remote: 'mf_checkout/PaymentCancelPage', area: 'Checkout', heading: 'Payment cancelled...' },

  { path: '/blog', access: 'public', title: 'Blog', remote: 'mf_content/BlogListPage', area: 'The blog', data: ['/api/blogs?fields=card&limit=24'], query: (api, { search }) => api.blogPagesQuery({}, api.firstPageLimit(api.shownFrom(search))), heading: 'Blogs', serverRendered: true },
  { path: '/blog/:id', access: 'public', title: 'Blog', remote: 'mf_content/BlogDetailPage', area: 'The blog', data: ['/blogs/:id'], serverRendered: true },
  { path: '/gallery', access: 'public', title: 'Gallery', remote: 'mf_content/GalleryPage', area: 'The gallery', data: ['/api/gallery?limit=24'], query: (api, { search }) => api.galleryPagesQuery(api.firstPageLimit(api.shownFrom(search))), heading: 'Our Gallery', serverRendered: true },
  { path: '/contact', access: 'public', title: 'Contact', remote: 'mf_content/ContactPage', area: 'The contact page', heading: 'Get in Touch', serverRendered: true },
  { path: '/appointment', access: 'public', title: 'Appointment', remote: 'mf_content/AppointmentPage', area: 'Appointments', heading: 'Book an Appointment', serverRendered: true },
  { path: '/advising', access: 'public', title: 'Advising', remote: 'mf_content/AdvisingPage', area: 'Advising', heading: 'Book an Advising Session', props: { view: 'book' }, data: ['/api/advising/slots'], query: (api) => api.advisingSlotsQuery(), serverRendered: true },
  { path: '/advising/cancel', access: 'public', title: 'Cancel advising', remote: 'mf_content/AdvisingPage', area: 'Advising', heading: 'Cancel an Advising Session', props: { view: 'cancel' } },

  ...Object.entries(ADMIN_SECTION_PATHS).map(([section, path]) => admin(path, section as keyof typeof ADMIN_SECTION_PATHS)),
];
