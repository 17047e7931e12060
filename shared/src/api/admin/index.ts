// The admin's calls, an entry of their own: a visitor's first load carries none of them. Its files import the client
// through the package, not '../http': this entry is often another build's copy than the shell's `@institute/shared/api`,
// and one client means one ApiError class (instanceof), one token store and one timeout setting.
export { adminUsersApi, adminPaymentsApi, type UsersQuery, type PaymentsQuery } from './users';
export { reportsApi, type StatsRange } from './reports';
export { adminInquiriesApi, type InquiriesQuery } from './inquiries';
export { adminLedgerApi, type ReceivablesQuery } from './ledger';
export { adminRecordsApi, type GrowingList } from './records';
export { adminContentApi, type BlogFields } from './content';
export { listSearch, type AdminListQuery } from './list-query';
