import type { FeatureModule } from '../../kernel/module';
import { commentCommands } from './commands';
import commentAdminRoutes from './admin-routes';
import commentRoutes from './routes';

/** Threaded, moderated comments on courses and lessons (the v3 endpoints) and their moderation
 * (operator commands and the console's queue, admin-routes.ts). */
export const commentsModule: FeatureModule = {
  name: 'comments',
  routes: [commentRoutes, commentAdminRoutes],
  commands: commentCommands,
  migrations: ['0084_comment_threads.sql'],
};
