export { QuickProgramsPage as default } from '../features/quick-programs/components/quick-programs-page';
