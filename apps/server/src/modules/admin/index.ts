import type { FeatureModule } from '../../kernel/module';
import administratorRoutes from './administrator-routes';
import adminAttachmentRoutes from './attachment-routes';
import { adminCommands } from './commands';
import adminContentRoutes from './content-routes';
import adminCoverRoutes from './cover-routes';
import adminRoleRoutes from './role-routes';
import adminSecurityRoutes from './security-routes';
import adminSessionRoutes from './session-routes';
import adminVideoRoutes from './video-routes';

/** Operator console API (`/api/admin/…`): administrators, sessions, permissions, audit log. */
export const adminModule: FeatureModule = {
  name: 'admin',
  routes: [
    adminSessionRoutes,
    adminContentRoutes,
    adminVideoRoutes,
    administratorRoutes,
    adminRoleRoutes,
    adminCoverRoutes,
    adminAttachmentRoutes,
    adminSecurityRoutes,
  ],
  commands: adminCommands,
  migrations: [
    '0090_admin.sql',
    '0150_admin_totp.sql',
    '0170_admin_login_backoff.sql',
    '0240_admin_roles.sql',
  ],
};
