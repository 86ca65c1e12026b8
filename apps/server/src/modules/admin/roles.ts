import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  ADMIN_ROLE_PRESET_KEYS,
  isAdminPermission,
  SUPER_ROLE,
  type AdminPermission,
} from '@kezhan/contract/admin/permissions';
import type { AdminRole, adminRoleBody } from '@kezhan/contract/admin/roles';
import type { z } from 'zod';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { isoTimestamp } from '../../shared/time';
import type { AdminRolesTable } from './tables';
import './tables';

export const ROLE_NOT_FOUND_MESSAGE = '角色不存在';
export const ROLE_NAME_TAKEN_MESSAGE = '角色名称已存在';
export const SUPER_ROLE_KEEPS_ADMIN_MESSAGE = '超级管理员角色须保留「管理管理员和角色」权限';
export const SUPER_ROLE_UNDELETABLE_MESSAGE = '超级管理员角色不能删除';
export const roleInUseMessage = (name: string, count: number) =>
  `角色「${name}」仍有 ${count} 名管理员在用（含已停用的），请先为他们更换角色再删除`;

type RoleRow = Selectable<AdminRolesTable>;
type RoleBody = z.output<typeof adminRoleBody>;

/**
 * The permissions of a stored role. A key no longer in the contract (a permission removed from
 * the code) grants nothing; so does a malformed value.
 */
export const permissionsOf = (stored: unknown): AdminPermission[] =>
  Array.isArray(stored) ? stored.filter((key): key is AdminPermission => isAdminPermission(String(key))) : [];

/** `jsonb` arrives parsed from node-postgres and PGlite alike; text only if a driver changes. */
const parsedJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export const storedPermissions = (row: Pick<RoleRow, 'permissions'>): AdminPermission[] =>
  permissionsOf(parsedJson(row.permissions));

/** What an administrator's role grants, as read with their session. */
export interface SessionRole {
  /** '' when the administrator's role no longer exists (it then grants nothing). */
  name: string;
  permissions: ReadonlySet<string>;
}

/** The role of a key as a session holds it (at login; afterwards it comes with the session). */
export async function sessionRoleOf(db: Db, key: string): Promise<SessionRole> {
  const row = await findRole(db, key);
  return { name: row?.name ?? '', permissions: new Set(row ? storedPermissions(row) : []) };
}

export async function findRole(db: Db, key: string): Promise<RoleRow | undefined> {
  return db.selectFrom('admin_roles').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function listRoles(db: Db): Promise<AdminRole[]> {
  const rows = await db
    .selectFrom('admin_roles as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('administrators as a')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('a.role', '=', 'r.key')
        .as('administrators'),
    )
    .orderBy('r.created_at')
    .orderBy('r.key')
    .execute();
  // The presets first, in the order every site starts with; then the others, oldest first.
  const presetRank = (key: string) => {
    const rank = (ADMIN_ROLE_PRESET_KEYS as readonly string[]).indexOf(key);
    return rank < 0 ? ADMIN_ROLE_PRESET_KEYS.length : rank;
  };
  rows.sort((a, b) => presetRank(a.key) - presetRank(b.key));
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    description: row.description,
    permissions: storedPermissions(row),
    is_preset: row.is_preset === 1,
    administrators: Number(row.administrators ?? 0),
    updated_at: isoTimestamp(row.updated_at)!,
  }));
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';
const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown })?.code === '23503';

async function refuseTakenName(trx: Db, name: string, exceptKey?: string): Promise<void> {
  let query = trx.selectFrom('admin_roles').select('key').where('name', '=', name);
  if (exceptKey) query = query.where('key', '<>', exceptKey);
  if (await query.executeTakeFirst()) throw new BusinessError(ROLE_NAME_TAKEN_MESSAGE);
}

/** The role's name may also be taken by a request racing this one: the unique index decides. */
async function namedOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new BusinessError(ROLE_NAME_TAKEN_MESSAGE);
    throw error;
  }
}

const auditShape = (row: { name: string; description: string; permissions: readonly string[] }) => ({
  name: row.name,
  description: row.description,
  permissions: [...row.permissions],
});

export async function createRole(trx: Db, body: RoleBody, now: Date) {
  await refuseTakenName(trx, body.name);
  const key = `custom-${randomBytes(4).toString('hex')}`;
  const description = body.description ?? '';
  await namedOnce(() =>
    trx
      .insertInto('admin_roles')
      .values({
        key,
        name: body.name,
        description,
        permissions: JSON.stringify(body.permissions),
        created_at: now,
        updated_at: now,
      })
      .execute(),
  );
  return { key, after: auditShape({ ...body, description }) };
}

/**
 * Renames a role or changes what it grants. Every session of its administrators reads the role
 * with the session on each request, so the change holds on every node at once.
 */
export async function updateRole(trx: Db, key: string, body: RoleBody, now: Date) {
  const before = await trx
    .selectFrom('admin_roles')
    .selectAll()
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new BusinessError(ROLE_NOT_FOUND_MESSAGE);
  if (key === SUPER_ROLE && !body.permissions.includes('admin.manage')) {
    throw new BusinessError(SUPER_ROLE_KEEPS_ADMIN_MESSAGE);
  }
  await refuseTakenName(trx, body.name, key);
  const description = body.description ?? '';
  await namedOnce(() =>
    trx
      .updateTable('admin_roles')
      .set({ name: body.name, description, permissions: JSON.stringify(body.permissions), updated_at: now })
      .where('key', '=', key)
      .execute(),
  );
  return {
    before: auditShape({ ...before, permissions: storedPermissions(before) }),
    after: auditShape({ ...body, description }),
  };
}

/** Deletes a role no administrator holds; 超级管理员 is never deleted. */
export async function deleteRole(trx: Db, key: string) {
  if (key === SUPER_ROLE) throw new BusinessError(SUPER_ROLE_UNDELETABLE_MESSAGE);
  const role = await trx
    .selectFrom('admin_roles')
    .selectAll()
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();
  if (!role) throw new BusinessError(ROLE_NOT_FOUND_MESSAGE);
  const [{ n }] = await trx
    .selectFrom('administrators')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', key)
    .execute();
  if (Number(n) > 0) throw new BusinessError(roleInUseMessage(role.name, Number(n)));
  try {
    await trx.deleteFrom('admin_roles').where('key', '=', key).execute();
  } catch (error) {
    // An administrator was given the role after the count (the foreign key holds the line).
    if (isForeignKeyViolation(error)) throw new BusinessError(roleInUseMessage(role.name, 1));
    throw error;
  }
  return { before: auditShape({ ...role, permissions: storedPermissions(role) }) };
}
