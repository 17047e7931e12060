export { PaymentPage as default } from '../features/course-payment/components/payment-page';
