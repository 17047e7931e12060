import type { Db } from '../db/db';
import type { ContentChanged } from '../lib/public-cache';
import { advisingRepository } from './advising';
import { authAttemptsRepository } from './auth-attempts';
import { balancesRepository } from './balances';
import { blogsRepository } from './blogs';
import { certificatesRepository } from './certificates';
import { classSessionsRepository } from './class-sessions';
import { couponsRepository } from './coupons';
import { studentRecordsRepository } from './student-records';
import { dueItemsRepository } from './due-items';
import { emailOutboxRepository } from './email-outbox';
import { enrollmentChanges, enrollmentReads, enrollmentsRepository } from './enrollments';
import { galleryRepository } from './gallery';
import { inquiriesRepository } from './inquiries';
import { invoicesRepository } from './invoices';
import { ledgerRepository } from './ledger';
import { agreementsRepository } from './agreements';
import { waitlistRepository } from './waitlist';
import { moduleEventsRepository } from './module-events';
import { passwordResetsRepository } from './password-resets';
import { paymentPlansRepository } from './payment-plans';
import { paymentRefundsRepository } from './payment-refunds';
import { paymentsRepository } from './payments';
import { privacyRepository } from './privacy';
import { programsRepository } from './programs';
import { receivablesRepository } from './receivables';
import { revokedTokensRepository } from './revoked-tokens';
import { paymentAdminRepository } from './payment-admin';
import { sitemapRepository } from './sitemap';
import { statsRepository } from './stats';
import { userAdminRepository } from './user-admin';
import { usersRepository } from './users';
import { vitalsRepository } from './vitals';

/** `changed` hears of every write to public content (courses, quick programs, blogs, gallery). */
export function createRepositories(db: Db, changed: ContentChanged = () => {}) {
  const emailOutbox = emailOutboxRepository(db);
  const inquiries = inquiriesRepository(db);
  return {
    users: usersRepository(db),
    programs: programsRepository(db, changed),
    blogs: blogsRepository(db, changed),
    gallery: galleryRepository(db, changed),
    payments: paymentsRepository(db),
    balances: balancesRepository(db),
    dueItems: dueItemsRepository(db),
    paymentPlans: paymentPlansRepository(db),
    ledger: ledgerRepository(db),
    invoices: invoicesRepository(db),
    vitals: vitalsRepository(db),
    moduleEvents: moduleEventsRepository(db),
    agreements: agreementsRepository(db),
    waitlist: waitlistRepository(db),
    revokedTokens: revokedTokensRepository(db),
    sitemap: sitemapRepository(db),
    paymentAdmin: paymentAdminRepository(db),
    receivables: receivablesRepository(db),
    stats: statsRepository(db),
    userAdmin: userAdminRepository(db),
    authAttempts: authAttemptsRepository(db),
    emailOutbox,
    passwordResets: passwordResetsRepository(db),
    paymentRefunds: paymentRefundsRepository(db),
    classSessions: classSessionsRepository(db, changed),
    coupons: couponsRepository(db),
    inquiries,
    advising: advisingRepository(db, emailOutbox, inquiries),
    certificates: certificatesRepository(db),
    studentRecords: studentRecordsRepository(db),
    privacy: privacyRepository(db),
    enrollments: { ...enrollmentsRepository(db), ...enrollmentReads(db), ...enrollmentChanges(db) },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
