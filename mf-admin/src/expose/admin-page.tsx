export { AdminPage as default } from '../app/admin-page';
