import type { FeatureModule } from '../../kernel/module';
import { memberCommands } from './commands';
import localStorageRoutes from '../../providers/storage/local-storage-routes';
import { cancelPendingDeletion, executeDueDeletions } from './account-deletion';
import memberRoutes from './routes';
import adminMemberRoutes from './admin-routes';
import adminMemberImportRoutes from './import-routes';
import adminCreditRoutes from './credit-admin-routes';
import { runMemberImports } from './member-import';

/**
 * The member's own account: profile, avatar (and the local files behind it), mobile, deletion;
 * and the console's member pages (`/api/admin/members…`, broadcasts).
 */
export const memberModule: FeatureModule = {
  name: 'member',
  routes: [memberRoutes, localStorageRoutes, adminMemberRoutes, adminMemberImportRoutes, adminCreditRoutes],
  commands: memberCommands,
  jobs: [
    {
      name: 'execute-account-deletions',
      description:
        'Delete the members whose account-deletion grace period has ended, with their uploaded files',
      lockId: 72_530_052,
      intervalSeconds: 600,
      run: (services, now) => executeDueDeletions(services.db, now, { storage: services.storage }),
    },
    {
      name: 'member-imports',
      description:
        'Create the members of committed console imports in batches of 250 rows, resuming after the last batch done',
      lockId: 72_530_230,
      intervalSeconds: 5,
      run: (services) => runMemberImports(services.db, services.settings, services.now),
    },
  ],
  // Logging in again withdraws a pending account deletion.
  loginHooks: [async (trx, userId, now) => void (await cancelPendingDeletion(trx, userId, now))],
  migrations: ['0030_member.sql', '0230_member_console.sql'],
};
