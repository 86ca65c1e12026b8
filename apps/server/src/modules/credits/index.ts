import type { FeatureModule } from '../../kernel/module';
import creditRoutes from './routes';

/**
 * The history of every member's points (credit1): registration, paid orders, finished lessons,
 * and the console's adjustments with a reason (made by the member console, member/credit-adjust.ts).
 * It imports no console code, so the features that award points (courses, orders, auth) can
 * use it without pointing up.
 */
export const creditsModule: FeatureModule = {
  name: 'credits',
  routes: [creditRoutes],
  migrations: ['0085_credit_records.sql'],
};
