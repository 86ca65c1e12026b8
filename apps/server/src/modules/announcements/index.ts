import type { FeatureModule } from '../../kernel/module';
import { announcementCommands } from './commands';
import announcementRoutes from './routes';

/** Site announcements: stored, written from the CLI, read by every MeEdu client and our h5. */
export const announcementsModule: FeatureModule = {
  name: 'announcements',
  routes: [announcementRoutes],
  commands: announcementCommands,
  migrations: ['0081_announcements.sql'],
};
