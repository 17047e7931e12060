export { ProgramPayment as default } from '../features/program-payment/components/program-payment';
