/** The admin's ledger (issue 30): one student's balances with its dialogs, for any admin page to mount. */
export { StudentLedgerPanel } from './components/student-ledger-panel';
