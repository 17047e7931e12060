export { CertificateVerificationPage as default } from '../features/certificates/components/certificate-verification-page';
