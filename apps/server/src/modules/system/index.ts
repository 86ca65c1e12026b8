import type { FeatureModule } from '../../kernel/module';
import { settingsCommands } from './commands';
import systemRoutes from './routes';

/** Site settings, `/api/v2/other/config` and the agreement pages; the foundation tables. */
export const systemModule: FeatureModule = {
  name: 'system',
  routes: [systemRoutes],
  commands: settingsCommands,
  // users, login records, settings, SMS log, roles, profiles, socialites, notifications, user_courses
  migrations: ['0001_foundation.sql'],
};
