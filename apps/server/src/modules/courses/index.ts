import type { FeatureModule } from '../../kernel/module';
import { contentCommands } from './commands';
import courseRoutes from './routes';

/** Catalogue, course and video pages, comments, watch progress, study lists, search, home blocks. */
export const coursesModule: FeatureModule = {
  name: 'courses',
  routes: [courseRoutes],
  commands: contentCommands,
  migrations: ['0010_courses.sql', '0190_user_videos.sql'],
};
