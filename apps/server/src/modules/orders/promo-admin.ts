import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  adminPromotionsApi,
  PROMO_CODE_ALPHABET,
  PROMO_RANDOM_LENGTH,
  type AdminPromoBatchInput,
  type AdminPromoCode,
  type AdminPromoCodeInput,
  type AdminPromoListFilter,
  type AdminPromoUse,
} from '@kezhan/contract/admin/promotions';
import { ORDER_STATUS } from '@kezhan/contract/orders';
import type { Db } from '../../shared/db/database';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { fenToYuan } from '../../shared/money';
import { isoTimestamp } from '../../shared/time';
import { audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import { statusText } from './order-state';
import type { PromoCodesTable } from './tables';

type PromoRow = Selectable<PromoCodesTable>;
type PromoRules = Omit<AdminPromoBatchInput, 'prefix' | 'count'>;

export const PROMO_NOT_FOUND_MESSAGE = '优惠码不存在';
export const PROMO_CODE_TAKEN_MESSAGE = '优惠码已存在';

const maskMobile = (mobile: string) =>
  mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';

function ruleColumns(rules: PromoRules) {
  const percent = rules.discount_type === 'percent';
  return {
    discount_type: rules.discount_type,
    // `amount` arrives in fen (the contract parses the yuan typed in the console).
    invited_user_reward: percent ? 0 : (rules.amount ?? 0),
    percent_off: percent ? (rules.percent_off ?? 0) : 0,
    use_times: rules.use_times ?? 0,
    per_user_limit: rules.per_user_limit ?? 1,
    starts_at: rules.starts_at ? new Date(rules.starts_at) : null,
    expired_at: rules.expired_at ? new Date(rules.expired_at) : null,
    remark: rules.remark ?? '',
  };
}

function serialize(row: PromoRow & { paid_count: number | string }): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discount_type,
    amount: fenToYuan(row.invited_user_reward),
    percent_off: row.percent_off,
    user_id: row.user_id,
    invite_user_reward: fenToYuan(row.invite_user_reward),
    use_times: row.use_times,
    used_times: row.used_times,
    paid_count: Number(row.paid_count),
    per_user_limit: row.per_user_limit,
    starts_at: isoTimestamp(row.starts_at),
    expired_at: isoTimestamp(row.expired_at),
    is_enabled: row.is_enabled,
    batch: row.batch,
    remark: row.remark,
    created_at: isoTimestamp(row.created_at)!,
  };
}

function selectPromos(db: Db) {
  return db
    .selectFrom('promo_codes as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('o.promo_code_id', '=', 'p.id')
        .where('o.status', '=', ORDER_STATUS.PAID)
        .as('paid_count'),
    );
}

export async function listAdminPromoCodes(
  db: Db,
  query: AdminPromoListFilter,
): Promise<{ data: AdminPromoCode[]; total: number }> {
  let base = db.selectFrom('promo_codes as p');
  if (query.keyword) base = base.where('p.code', 'ilike', `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`);
  if (query.batch) base = base.where('p.batch', '=', query.batch);
  if (query.is_enabled !== undefined) base = base.where('p.is_enabled', '=', query.is_enabled);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const ids = (
    await base
      .select('p.id')
      .orderBy('p.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute()
  ).map((row) => row.id);
  const rows = ids.length
    ? await selectPromos(db).where('p.id', 'in', ids).orderBy('p.id', 'desc').execute()
    : [];
  return {
    total: Number(total),
    data: rows.map((row) => serialize({ ...row, paid_count: row.paid_count ?? 0 })),
  };
}

async function promoSnapshot(db: Db, id: number): Promise<AdminPromoCode> {
  const row = await selectPromos(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(PROMO_NOT_FOUND_MESSAGE);
  return serialize({ ...row, paid_count: row.paid_count ?? 0 });
}

export async function createAdminPromoCode(trx: Db, body: AdminPromoCodeInput, now: Date): Promise<number> {
  const inserted = await trx
    .insertInto('promo_codes')
    .values({ code: body.code, user_id: null, ...ruleColumns(body), created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new BusinessError(PROMO_CODE_TAKEN_MESSAGE);
  return inserted.id;
}

/** `<prefix><10 characters of PROMO_CODE_ALPHABET>`, drawn with the CSPRNG. */
export function generatePromoCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < PROMO_RANDOM_LENGTH; i += 1)
    code += PROMO_CODE_ALPHABET[randomInt(PROMO_CODE_ALPHABET.length)];
  return code;
}

/**
 * Inserts `count` new codes with the same rules in the caller's transaction. A drawn code that
 * already exists (vanishingly rare) is skipped by the insert and drawn again, so every code
 * returned is new and unique.
 */
export async function createPromoBatch(
  trx: Db,
  body: AdminPromoBatchInput,
  now: Date,
): Promise<{ batch: string; codes: string[] }> {
  const batch = `B${now.toISOString().slice(0, 10).replace(/-/g, '')}-${generatePromoCode('').slice(0, 6)}`;
  const values = { user_id: null, ...ruleColumns(body), batch, created_at: now, updated_at: now };
  const codes: string[] = [];
  for (let round = 0; codes.length < body.count; round += 1) {
    if (round >= 10) throw new Error('Could not draw unique promo codes');
    const drawn = new Set<string>();
    while (drawn.size < body.count - codes.length) drawn.add(generatePromoCode(body.prefix.toUpperCase()));
    const inserted = await trx
      .insertInto('promo_codes')
      .values([...drawn].map((code) => ({ ...values, code })))
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning('code')
      .execute();
    codes.push(...inserted.map((row) => row.code));
  }
  return { batch, codes };
}

export async function listPromoUses(
  db: Db,
  promoId: number,
  page: { page: number; page_size: number },
): Promise<{ data: AdminPromoUse[]; total: number }> {
  await promoSnapshot(db, promoId);
  const base = db.selectFrom('promo_code_uses as u').where('u.promo_code_id', '=', promoId);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await base
    .innerJoin('orders as o', 'o.id', 'u.order_id')
    .leftJoin('users as m', 'm.id', 'u.user_id')
    .select([
      'u.id',
      'u.user_id',
      'u.created_at',
      'u.released_at',
      'm.nick_name',
      'm.mobile',
      'o.order_id as order_no',
      'o.status',
      'o.charge',
      'o.discount',
      'o.amount',
    ])
    .orderBy('u.id', 'desc')
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size)
    .execute();
  return {
    total: Number(total),
    data: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      nick_name: row.nick_name ?? '',
      mobile: maskMobile(row.mobile ?? ''),
      order_no: row.order_no,
      order_status_text: statusText(row.status),
      charge: fenToYuan(row.charge),
      discount: fenToYuan(row.discount),
      amount: fenToYuan(row.amount),
      created_at: isoTimestamp(row.created_at)!,
      released_at: isoTimestamp(row.released_at),
    })),
  };
}

/** The console's promo-code routes; every change is audited in its transaction. */
export default async function promoAdminRoutes(app: FastifyInstance) {
  const { db, now } = app.services;

  adminRoute(app, adminPromotionsApi.list, async (request) =>
    ok(await listAdminPromoCodes(db, request.query)),
  );

  adminRoute(app, adminPromotionsApi.create, async (request) => {
    const id = await db.transaction().execute(async (trx) => {
      const created = await createAdminPromoCode(trx, request.body, now());
      const after = await promoSnapshot(trx, created);
      await audit(trx, request, {
        action: 'promo.create',
        targetType: 'promo_code',
        targetId: created,
        after,
      });
      return created;
    });
    return ok({ id });
  });

  adminRoute(app, adminPromotionsApi.batch, async (request) => {
    const result = await db.transaction().execute(async (trx) => {
      const created = await createPromoBatch(trx, request.body, now());
      const { prefix, count, ...rules } = request.body;
      await audit(trx, request, {
        action: 'promo.batch_create',
        targetType: 'promo_batch',
        targetId: created.batch,
        after: {
          prefix,
          count,
          ...rules,
          ...(rules.amount === undefined ? {} : { amount: fenToYuan(rules.amount) }),
          codes: created.codes,
        },
      });
      return created;
    });
    return ok(result);
  });

  adminRoute(app, adminPromotionsApi.uses, async (request) =>
    ok(await listPromoUses(db, request.params.id, request.query)),
  );

  adminRoute(app, adminPromotionsApi.status, async (request) => {
    const { id } = request.params;
    const enabled = request.body.is_enabled;
    await db.transaction().execute(async (trx) => {
      const before = await promoSnapshot(trx, id);
      await trx
        .updateTable('promo_codes')
        .set({ is_enabled: enabled, updated_at: now() })
        .where('id', '=', id)
        .execute();
      await audit(trx, request, {
        action: enabled ? 'promo.enable' : 'promo.disable',
        targetType: 'promo_code',
        targetId: id,
        before: { code: before.code, is_enabled: before.is_enabled },
        after: { code: before.code, is_enabled: enabled },
      });
    });
    return ok(NO_DATA);
  });
}
