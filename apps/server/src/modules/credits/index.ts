import type { FeatureModule } from '../../kernel/module';
import creditRoutes from './routes';
import adminCreditRoutes from './admin-routes';

/**
 * The history of every member's points (credit1): registration, paid orders, finished lessons,
 * and the console's adjustments with a reason.
 */
export const creditsModule: FeatureModule = {
  name: 'credits',
  routes: [creditRoutes, adminCreditRoutes],
  migrations: ['0085_credit_records.sql'],
};
