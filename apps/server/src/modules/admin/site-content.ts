import { H5_HOME_BLOCKS } from '@kezhan/contract/h5-pages';
import type { AdminHomeBlock, AdminVipPlan } from '@kezhan/contract/admin/site';
import type { Db } from '../../shared/db/database';
import { fenToYuan } from '../../shared/money';
import { BusinessError } from '../../shared/http/errors';
import '../courses/tables';

export const VIP_PLAN_NOT_FOUND = '会员计划不存在';
/** A block's configuration is at most this long as JSON. */
export const MAX_BLOCK_CONFIG_BYTES = 64 * 1024;

const VIP_COLUMNS = ['id', 'name', 'charge', 'expire_days', 'weight', 'description', 'is_show'] as const;

/** The console sees a plan's price in yuan (19.9); the table keeps fen. */
const toVipPlan = (row: AdminVipPlan): AdminVipPlan => ({ ...row, charge: fenToYuan(row.charge) });

export const listVipPlans = async (db: Db): Promise<AdminVipPlan[]> =>
  (await db.selectFrom('roles').select(VIP_COLUMNS).orderBy('weight').orderBy('id').execute()).map(toVipPlan);

/** The plan as the console and the audit log see it. */
export async function vipPlanSnapshot(db: Db, id: number) {
  const row = await db.selectFrom('roles').select(VIP_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(VIP_PLAN_NOT_FOUND);
  return toVipPlan(row);
}

export interface VipPlanFields {
  name: string;
  /** Fen. */
  charge: number;
  expire_days: number;
  weight?: number;
  description: string;
  is_show: number;
}

const vipColumns = (fields: VipPlanFields) => ({
  name: fields.name,
  charge: fields.charge,
  expire_days: fields.expire_days,
  weight: fields.weight ?? 0,
  description: fields.description,
  is_show: fields.is_show,
});

export async function createVipPlan(db: Db, fields: VipPlanFields, now: Date): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values({ ...vipColumns(fields), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVipPlan(db: Db, id: number, fields: VipPlanFields, now: Date) {
  await db
    .updateTable('roles')
    .set({ ...vipColumns(fields), updated_at: now })
    .where('id', '=', id)
    .execute();
}

const homePage = (db: Db) =>
  db
    .selectFrom('view_blocks')
    .where('platform', '=', H5_HOME_BLOCKS.platform)
    .where('page', '=', H5_HOME_BLOCKS.page_name);

/** The home page's blocks in the order the h5 shows them, configurations decoded. */
export async function readHomeBlocks(db: Db): Promise<AdminHomeBlock[]> {
  const rows = await homePage(db).select(['sign', 'config']).orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({ sign: row.sign, config: decode(row.config) }));
}

const decode = (config: string): unknown => {
  try {
    return JSON.parse(config || '{}');
  } catch {
    return {};
  }
};

/**
 * Replaces the home page's blocks: run inside one transaction, so the h5 sees either the old page
 * or the new one, never half of each.
 */
export async function replaceHomeBlocks(trx: Db, blocks: { sign: string; config: unknown }[], now: Date) {
  const encoded = blocks.map((block) => ({ sign: block.sign, config: JSON.stringify(block.config) }));
  const tooLarge = encoded.findIndex((block) => Buffer.byteLength(block.config) > MAX_BLOCK_CONFIG_BYTES);
  if (tooLarge >= 0) throw new BusinessError(`第 ${tooLarge + 1} 个模块的配置过大`);
  await trx
    .deleteFrom('view_blocks')
    .where('platform', '=', H5_HOME_BLOCKS.platform)
    .where('page', '=', H5_HOME_BLOCKS.page_name)
    .execute();
  if (encoded.length === 0) return;
  await trx
    .insertInto('view_blocks')
    .values(
      encoded.map((block, index) => ({
        platform: H5_HOME_BLOCKS.platform,
        page: H5_HOME_BLOCKS.page_name,
        sign: block.sign,
        sort: index + 1,
        config: block.config,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
