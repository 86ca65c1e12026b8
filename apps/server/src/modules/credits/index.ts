import type { FeatureModule } from '../../kernel/module';
import creditRoutes from './routes';

/** The history of every member's points (credit1): registration, paid orders, finished lessons. */
export const creditsModule: FeatureModule = {
  name: 'credits',
  routes: [creditRoutes],
  migrations: ['0085_credit_records.sql'],
};
