export { PaymentCancelPage as default } from '../features/payment-result/components/payment-cancel-page';
