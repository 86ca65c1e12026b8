import type { FeatureModule } from '../../kernel/module';
import { rollUpCourseSales } from './rollup';
import dashboardRoutes from './routes';

/** The operator console's 数据概览: revenue, orders, members, learners and top courses of a range. */
export const dashboardModule: FeatureModule = {
  name: 'dashboard',
  routes: [dashboardRoutes],
  jobs: [
    {
      name: 'dashboard-rollup',
      description: "Roll the complete days' course sales up for the dashboard's course ranking",
      lockId: 72_530_130,
      intervalSeconds: 600,
      run: (services, now) => rollUpCourseSales(services.db, now),
    },
  ],
  migrations: ['0130_dashboard_indexes.sql', '0131_course_sales_daily.sql'],
};
