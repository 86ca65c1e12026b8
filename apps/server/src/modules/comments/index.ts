import type { FeatureModule } from '../../kernel/module';
import { commentCommands } from './commands';
import commentRoutes from './routes';

/** Threaded, moderated comments on courses and lessons (the v3 endpoints) and their moderation. */
export const commentsModule: FeatureModule = {
  name: 'comments',
  routes: [commentRoutes],
  commands: commentCommands,
  migrations: ['0084_comment_threads.sql'],
};
