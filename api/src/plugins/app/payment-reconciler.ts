// The reconciler's work lives with the payments (payments/reconciler.ts); this is where the app loads it.
export { paymentReconciler as default } from '../../payments/reconciler';
