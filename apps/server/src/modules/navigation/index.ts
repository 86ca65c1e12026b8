import type { FeatureModule } from '../../kernel/module';
import { navigationCommands } from './commands';
import navigationAdminRoutes from './admin-routes';
import navigationRoutes from './routes';

/**
 * The PC site's navigation, friend links and sliders (the MeEdu PC clients load them at start),
 * managed in the console (admin-routes.ts) and by operator commands.
 */
export const navigationModule: FeatureModule = {
  name: 'navigation',
  routes: [navigationRoutes, navigationAdminRoutes],
  commands: navigationCommands,
  migrations: ['0082_site_navigation.sql'],
};
