import type { FeatureModule } from '../../kernel/module';
import agreementAdminRoutes from './admin-routes';
import agreementRoutes from './routes';

/**
 * The agreements' published versions (written in the console) and which version a member
 * accepted, when and from where.
 */
export const agreementsModule: FeatureModule = {
  name: 'agreements',
  routes: [agreementRoutes, agreementAdminRoutes],
  migrations: ['0083_agreements.sql', '0300_agreement_versions.sql'],
};
