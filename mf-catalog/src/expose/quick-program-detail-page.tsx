export { QuickProgramDetailPage as default } from '../features/quick-programs/components/quick-program-detail-page';
