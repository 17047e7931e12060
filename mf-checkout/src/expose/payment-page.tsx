export { PaymentPage as default } from '../features/payment-options/components/payment-page';
