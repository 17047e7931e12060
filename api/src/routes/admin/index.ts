import type { RoutePlugin } from '../../lib/type-provider';
import paymentAdminRoutes from './payments';
import statsRoutes from './stats';

/** Admin-only views computed on the server: paged lists and the dashboard's figures. */
const adminRoutes: RoutePlugin = async (app) => {
  await app.register(paymentAdminRoutes);
  await app.register(statsRoutes);
};

export default adminRoutes;
