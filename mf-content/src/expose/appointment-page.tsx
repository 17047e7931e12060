export { AppointmentPage as default } from '../features/contact/components/appointment-page';
