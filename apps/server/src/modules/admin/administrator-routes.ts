import type { FastifyInstance } from 'fastify';
import { adminAdministratorsApi, type AdminAccount } from '@kezhan/contract/admin/administrators';
import { SUPER_ROLE } from '@kezhan/contract/admin/permissions';
import type { Db } from '../../shared/db/database';
import { hashPassword } from '../../shared/auth/passwords';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { isoTimestamp } from '../../shared/time';
import { createAdministrator, NO_SUCH_ROLE_MESSAGE, type AdministratorRow } from './administrators';
import { audit } from './audit';
import { adminRoute, adminSessionOf } from './guard';
import { findRole } from './roles';
import { revokeSessionsOf } from './sessions';

export const ADMIN_NOT_FOUND_MESSAGE = '管理员不存在';
export const LAST_SUPER_ADMIN_MESSAGE = '至少保留一名启用的超级管理员';
export const DISABLE_SELF_MESSAGE = '不能停用自己的账号';

function toAccount(row: AdministratorRow & { role_name: string | null }): AdminAccount {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    role_name: row.role_name ?? '',
    is_disabled: row.is_disabled,
    last_login_at: isoTimestamp(row.last_login_at),
    created_at: isoTimestamp(row.created_at)!,
    totp_enabled: row.totp_enabled_at !== null,
  };
}

export async function findAdministrator(db: Db, id: number): Promise<AdministratorRow> {
  const row = await db.selectFrom('administrators').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(ADMIN_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Refuses a change that would leave no active 超级管理员. The active super rows are locked first,
 * so two supers disabling each other at the same moment cannot both pass the count.
 */
async function keepOneSuperAdmin(trx: Db, leaving: AdministratorRow): Promise<void> {
  if (leaving.role !== SUPER_ROLE || leaving.is_disabled === 1) return;
  const supers = await trx
    .selectFrom('administrators')
    .select('id')
    .where('role', '=', SUPER_ROLE)
    .where('is_disabled', '=', 0)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (supers.filter((row) => row.id !== leaving.id).length === 0)
    throw new BusinessError(LAST_SUPER_ADMIN_MESSAGE);
}

/** Administrators of the console (超级管理员 only); every change is audited in its transaction. */
export default async function administratorRoutes(app: FastifyInstance) {
  const { db, now } = app.services;

  adminRoute(app, adminAdministratorsApi.list, async () => {
    const rows = await db
      .selectFrom('administrators as a')
      .leftJoin('admin_roles as r', 'r.key', 'a.role')
      .selectAll('a')
      .select('r.name as role_name')
      .orderBy('a.id')
      .execute();
    return ok(rows.map((row) => toAccount(row)));
  });

  adminRoute(app, adminAdministratorsApi.create, async (request) => {
    const { username, password, role, display_name: displayName } = request.body;
    const id = await db.transaction().execute(async (trx) => {
      let created: number;
      try {
        created = await createAdministrator(
          trx,
          { username, password, role, displayName: displayName || undefined },
          now(),
        );
      } catch (error) {
        throw new BusinessError((error as Error).message);
      }
      await audit(trx, request, {
        action: 'administrator.create',
        targetType: 'administrator',
        targetId: created,
        after: { username, display_name: displayName || username, role },
      });
      return created;
    });
    return ok({ id });
  });

  adminRoute(app, adminAdministratorsApi.role, async (request) => {
    const { id } = request.params;
    const role = request.body.role;
    await db.transaction().execute(async (trx) => {
      if (!(await findRole(trx, role))) throw new BusinessError(NO_SUCH_ROLE_MESSAGE);
      const before = await findAdministrator(trx, id);
      if (before.role === role) return;
      if (role !== SUPER_ROLE) await keepOneSuperAdmin(trx, before);
      await trx.updateTable('administrators').set({ role, updated_at: now() }).where('id', '=', id).execute();
      await audit(trx, request, {
        action: 'administrator.role',
        targetType: 'administrator',
        targetId: id,
        before: { username: before.username, role: before.role },
        after: { username: before.username, role },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminAdministratorsApi.status, async (request) => {
    const { id } = request.params;
    const disable = request.body.is_disabled === 1;
    const self = adminSessionOf(request).administrator;
    if (disable && self.id === id) throw new BusinessError(DISABLE_SELF_MESSAGE);
    await db.transaction().execute(async (trx) => {
      const before = await findAdministrator(trx, id);
      if (disable) await keepOneSuperAdmin(trx, before);
      await trx
        .updateTable('administrators')
        .set({ is_disabled: disable ? 1 : 0, updated_at: now() })
        .where('id', '=', id)
        .execute();
      if (disable) await revokeSessionsOf(trx, id, now());
      await audit(trx, request, {
        action: disable ? 'administrator.disable' : 'administrator.enable',
        targetType: 'administrator',
        targetId: id,
        before: { username: before.username, is_disabled: before.is_disabled },
        after: { username: before.username, is_disabled: disable ? 1 : 0 },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminAdministratorsApi.password, async (request) => {
    const { id } = request.params;
    const session = adminSessionOf(request);
    const hash = await hashPassword(request.body.password);
    await db.transaction().execute(async (trx) => {
      const target = await findAdministrator(trx, id);
      await trx
        .updateTable('administrators')
        .set({ password: hash, updated_at: now() })
        .where('id', '=', id)
        .execute();
      // Whoever knew the old password is signed out; resetting one's own keeps this session.
      await revokeSessionsOf(trx, id, now(), session.administrator.id === id ? session.id : undefined);
      await audit(trx, request, {
        action: 'administrator.password_reset',
        targetType: 'administrator',
        targetId: id,
        after: { username: target.username },
      });
    });
    return ok(NO_DATA);
  });
}
