import type { RoutePlugin } from '../../lib/type-provider';
import ledgerRoutes from './ledger';
import paymentAdminRoutes from './payments';
import receivablesRoutes from './receivables';
import statsRoutes from './stats';

/** Admin-only views computed on the server: paged lists and the dashboard's figures. */
const adminRoutes: RoutePlugin = async (app) => {
  await app.register(paymentAdminRoutes);
  await app.register(statsRoutes);
  await app.register(ledgerRoutes);
  await app.register(receivablesRoutes);
};

export default adminRoutes;
