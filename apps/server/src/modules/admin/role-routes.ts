import type { FastifyInstance } from 'fastify';
import { adminRolesApi } from '@kezhan/contract/admin/roles';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { audit } from './audit';
import { adminRoute } from './guard';
import { createRole, deleteRole, listRoles, updateRole } from './roles';

/** Console roles (管理管理员和角色 only); every change is audited in its transaction. */
export default async function adminRoleRoutes(app: FastifyInstance) {
  const { db, now } = app.services;

  adminRoute(app, adminRolesApi.list, async () => ok(await listRoles(db)));

  adminRoute(app, adminRolesApi.create, async (request) => {
    const key = await db.transaction().execute(async (trx) => {
      const created = await createRole(trx, request.body, now());
      await audit(trx, request, {
        action: 'role.create',
        targetType: 'role',
        targetId: created.key,
        after: created.after,
      });
      return created.key;
    });
    return ok({ key });
  });

  adminRoute(app, adminRolesApi.update, async (request) => {
    const { key } = request.params;
    await db.transaction().execute(async (trx) => {
      const change = await updateRole(trx, key, request.body, now());
      await audit(trx, request, { action: 'role.update', targetType: 'role', targetId: key, ...change });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminRolesApi.remove, async (request) => {
    const { key } = request.params;
    await db.transaction().execute(async (trx) => {
      const change = await deleteRole(trx, key);
      await audit(trx, request, { action: 'role.delete', targetType: 'role', targetId: key, ...change });
    });
    return ok(NO_DATA);
  });
}
