import type { FeatureModule } from '../../kernel/module';
import { navigationCommands } from './commands';
import navigationRoutes from './routes';

/** The PC site's navigation, friend links and sliders (the MeEdu PC clients load them at start). */
export const navigationModule: FeatureModule = {
  name: 'navigation',
  routes: [navigationRoutes],
  commands: navigationCommands,
  migrations: ['0082_site_navigation.sql'],
};
