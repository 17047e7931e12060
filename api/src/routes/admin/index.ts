import type { RoutePlugin } from '../../lib/type-provider';
import paymentAdminRoutes from './payments';

/** Admin-only views computed on the server: paged lists and the dashboard's figures. */
const adminRoutes: RoutePlugin = async (app) => {
  await app.register(paymentAdminRoutes);
};

export default adminRoutes;
