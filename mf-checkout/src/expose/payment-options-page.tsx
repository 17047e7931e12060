export { PaymentOptionsPage as default } from '../features/checkout/components/payment-options-page';
