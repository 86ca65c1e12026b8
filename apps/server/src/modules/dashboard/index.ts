import type { FeatureModule } from '../../kernel/module';
import dashboardRoutes from './routes';

/**
 * The operator console's 数据概览 and 统计: revenue, members and learning of a range, all read
 * through one query layer (`statistics.ts`) from the rollups that migration 0260's triggers keep.
 */
export const dashboardModule: FeatureModule = {
  name: 'dashboard',
  routes: [dashboardRoutes],
  migrations: ['0130_dashboard_indexes.sql', '0131_course_sales_daily.sql', '0260_statistics_rollups.sql'],
};
