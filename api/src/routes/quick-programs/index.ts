import { catalogRoutes } from '../catalog/routes';

export default catalogRoutes({ kind: 'quick_program', base: '/api/quick-programs', tag: 'Quick programs', noun: 'Quick program' });
