import type { Selectable } from 'kysely';
import { ADMIN_ROLES, isAdminRole, type AdminRole } from '@kezhan/contract/admin/permissions';
import { ADMIN_USERNAME_PATTERN, MIN_ADMIN_PASSWORD_LENGTH } from '@kezhan/contract/admin/administrators';
import type { AdminProfile } from '@kezhan/contract/admin/session';
import type { Db } from '../../shared/db/database';
import { hashPassword } from '../../shared/auth/passwords';
import type { AdministratorsTable } from './tables';
import './tables';

export type AdministratorRow = Selectable<AdministratorsTable>;

/** An unknown role in the table (edited by hand) grants nothing rather than failing. */
export const roleOf = (row: Pick<AdministratorRow, 'role'>): AdminRole | null =>
  isAdminRole(row.role) ? row.role : null;

export function toProfile(row: AdministratorRow): AdminProfile {
  const role = roleOf(row) ?? 'finance';
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role,
    role_name: ADMIN_ROLES[role].name,
    permissions: roleOf(row) ? [...ADMIN_ROLES[role].permissions] : [],
  };
}

export interface NewAdministrator {
  username: string;
  password: string;
  role: AdminRole;
  displayName?: string;
}

/** Checks and inserts an administrator; returns its id. Throws an Error with the reason. */
export async function createAdministrator(db: Db, input: NewAdministrator, now: Date): Promise<number> {
  if (!ADMIN_USERNAME_PATTERN.test(input.username)) {
    throw new Error('账号须为 3-32 位字母、数字、下划线、点或短横线');
  }
  if (input.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`密码至少 ${MIN_ADMIN_PASSWORD_LENGTH} 位`);
  }
  const taken = await db
    .selectFrom('administrators')
    .select('id')
    .where('username', '=', input.username)
    .executeTakeFirst();
  if (taken) throw new Error('账号已存在');
  const row = await db
    .insertInto('administrators')
    .values({
      username: input.username,
      display_name: input.displayName ?? input.username,
      password: await hashPassword(input.password),
      role: input.role,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
