import type { VipRole } from '@kezhan/contract/orders';
import type { Db } from '../../shared/db/database';
import { fenToYuan } from '../../shared/money';

interface RoleRow {
  id: number;
  name: string;
  /** Fen. */
  charge: number;
  expire_days: number;
  description: string;
}

export function serializeRole(row: RoleRow): VipRole {
  return {
    id: row.id,
    name: row.name,
    charge: fenToYuan(row.charge),
    expire_days: row.expire_days,
    desc_rows: row.description
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

const ROLE_COLUMNS = ['id', 'name', 'charge', 'expire_days', 'description'] as const;

/** VIP plans on sale, by weight. */
export async function listRoles(db: Db): Promise<VipRole[]> {
  const rows = await db
    .selectFrom('roles')
    .select(ROLE_COLUMNS)
    .where('is_show', '=', 1)
    .orderBy('weight', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(serializeRole);
}

export async function findRole(db: Db, id: number): Promise<VipRole | undefined> {
  const row = await db
    .selectFrom('roles')
    .select(ROLE_COLUMNS)
    .where('id', '=', id)
    .where('is_show', '=', 1)
    .executeTakeFirst();
  return row ? serializeRole(row) : undefined;
}
