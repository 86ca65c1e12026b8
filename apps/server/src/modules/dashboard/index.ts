import type { FeatureModule } from '../module';
import dashboardRoutes from './routes';

/** The operator console's 数据概览: revenue, orders, members, learners and top courses of a range. */
export const dashboardModule: FeatureModule = {
  name: 'dashboard',
  routes: [dashboardRoutes],
  migrations: ['0130_dashboard_indexes.sql'],
};
