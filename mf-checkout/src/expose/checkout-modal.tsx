export { CheckoutModal as default } from '../features/checkout/components/checkout-modal';
