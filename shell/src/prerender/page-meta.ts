/**
 * What search engines and link previews read of each public page (issue 19): its description, and whether it is
 * listed in the sitemap. Only the prerender build reads this, so none of it ships to browsers. Detail pages get
 * their own title and description from the remote that renders them (decision 021); these are their fallbacks.
 */
export interface PageMeta {
  description: string;
  /** Listed in /sitemap.xml (sign-in, module versions and payment steps are reachable but not worth a search result). */
  sitemap: boolean;
}

const PAGE_META: Record<string, PageMeta> = {
  '/': {
    description: 'Career courses and quick programs in healthcare, programming, networking and management, online and in person, with certification and flexible payment.',
    sitemap: true,
  },
  '/about': {
    description: 'Who we are: career-focused training with small classes, instructors who work in the field and schedules that fit around a job.',
    sitemap: true,
  },
  '/courses': {
    description: 'Browse our career courses by category, price and duration: hours, schedule, certification and credential for each.',
    sitemap: true,
  },
  '/courses/:id': { description: 'A career course: what it covers, how long it takes, its certification and its price.', sitemap: false },
  '/quick-programs': {
    description: 'Short quick programs that add a certified skill in days or weeks: CPR, phlebotomy, office software, IT support and more.',
    sitemap: true,
  },
  '/quick-programs/:id': { description: 'A quick program: what it covers, how long it takes and its price.', sitemap: false },
  '/blog': { description: 'News, study tips and career advice from our instructors and students.', sitemap: true },
  '/blog/:id': { description: 'A post from our blog.', sitemap: false },
  '/gallery': { description: 'Photos of our classrooms, labs, graduations and events.', sitemap: true },
  '/contact': { description: 'Call, email or visit us: our address, office phone and the fastest way to reach us for each kind of question.', sitemap: true },
  '/appointment': { description: 'Book an appointment with an admissions coordinator, in person or by phone.', sitemap: true },
  '/advising': { description: 'Book a free advising session with an admissions advisor: choose an open time that suits you.', sitemap: true },
  '/advising/cancel': { description: 'Cancel your advising session with the link from your confirmation email.', sitemap: false },
  '/certificates/:code': { description: 'Check a certificate issued by the institute: the graduate, the course, the date and whether it is valid.', sitemap: false },
  '/invoices/:code/pay': { description: 'An invoice from the institute for training seats: its lines, its total and how to pay it.', sitemap: false },
  '/privacy-policy': { description: 'How we collect, use and protect your personal information.', sitemap: true },
  '/terms-and-conditions': { description: 'The terms that apply to our website, enrollment and payments.', sitemap: true },
  '/payment/:id': { description: 'Pay for a course in full or in part, securely through PayPal.', sitemap: false },
  '/payment-options': { description: 'Ways to pay for your course: in full, in part, or by balance payments.', sitemap: false },
  '/payment-success': { description: 'Your payment is confirmed.', sitemap: false },
  '/payment-cancel': { description: 'Your payment was cancelled; nothing was charged.', sitemap: false },
  '/login': { description: 'Sign in to your student account to enroll and pay for courses.', sitemap: false },
  '/register': { description: 'Create a student account to enroll in courses and quick programs.', sitemap: false },
  '/forgot-password': { description: 'Forgot your password? Get an email with a link to set a new one.', sitemap: false },
  '/reset-password': { description: 'Set a new password for your student account with the link from your email.', sitemap: false },
};

const FALLBACK: PageMeta = { description: PAGE_META['/']!.description, sitemap: false };

export const pageMeta = (path: string): PageMeta => PAGE_META[path] ?? FALLBACK;
