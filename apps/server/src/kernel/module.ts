import type { FastifyPluginAsync } from 'fastify';
import type { CliCommand } from './command';
import type { ScheduledJob } from './job';
import type { LoginHook } from '../services';

/**
 * What a feature contributes to the program. Each `modules/<area>/index.ts` exports one; the
 * route plugins, operator commands, scheduled jobs and login hooks of the whole server are built
 * from the list in `modules/registry.ts`, never by an import's side effect.
 */
export interface FeatureModule {
  name: string;
  /** Route plugins, registered in this order (each declares its endpoints in packages/contract). */
  routes?: readonly FastifyPluginAsync[];
  commands?: readonly CliCommand[];
  jobs?: readonly ScheduledJob[];
  loginHooks?: readonly LoginHook[];
  /**
   * The SQL files in `shared/db/migrations` that create this module's tables (their Kysely types
   * are in the module's `tables.ts`). Files run in name order across modules.
   */
  migrations?: readonly string[];
}
