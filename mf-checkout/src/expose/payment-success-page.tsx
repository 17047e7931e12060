export { PaymentSuccessPage as default } from '../features/payment-result/components/payment-success-page';
