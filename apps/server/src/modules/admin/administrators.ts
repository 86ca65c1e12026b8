import type { Selectable } from 'kysely';
import { ADMIN_USERNAME_PATTERN, MIN_ADMIN_PASSWORD_LENGTH } from '@kezhan/contract/admin/administrators';
import type { AdminProfile } from '@kezhan/contract/admin/session';
import type { Db } from '../../shared/db/database';
import { hashPassword } from '../../shared/auth/passwords';
import { findRole, type SessionRole } from './roles';
import type { AdministratorsTable } from './tables';
import './tables';

export type AdministratorRow = Selectable<AdministratorsTable>;

export const NO_SUCH_ROLE_MESSAGE = '请选择角色';

/** The signed-in administrator as the console sees them: its menu comes from `permissions`. */
export function toProfile(row: AdministratorRow, role: SessionRole): AdminProfile {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    role_name: role.name,
    permissions: [...role.permissions],
  };
}

export interface NewAdministrator {
  username: string;
  password: string;
  /** The key of an existing role. */
  role: string;
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
  if (!(await findRole(db, input.role))) throw new Error(NO_SUCH_ROLE_MESSAGE);
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
