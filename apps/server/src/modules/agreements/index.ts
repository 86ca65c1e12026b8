import type { FeatureModule } from '../../kernel/module';
import agreementRoutes from './routes';

/** Which version of each agreement a member accepted, when and from where. */
export const agreementsModule: FeatureModule = {
  name: 'agreements',
  routes: [agreementRoutes],
  migrations: ['0083_agreements.sql'],
};
