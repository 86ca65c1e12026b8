import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams, listWithTotal } from '../shapes';
import { oneOf, optionalText, yuanAsFen } from '../validation';
import { pageQuery } from './paging';

const integer = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const optionalTime = (message: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ error: message })
      .refine((text) => !Number.isNaN(Date.parse(text)), message)
      .nullable()
      .optional(),
  );

/** Characters of generated codes: no 0/O, 1/I/L, so a code read aloud or typed is not mistaken. */
export const PROMO_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Random characters after the prefix of a generated code (31¹⁰ ≈ 8·10¹⁴ codes). */
export const PROMO_RANDOM_LENGTH = 10;
export const MAX_PROMO_BATCH = 1000;
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

/** The rules shared by a single code and a batch. */
const promoRuleFields = {
  discount_type: oneOf(['amount', 'percent'], '请选择优惠方式'),
  /** Yuan off, for `amount` codes (two decimals at most; fen after parsing). */
  amount: yuanAsFen('优惠金额', 1, 100_000_000).optional(),
  /** Percent off (1–100) for `percent` codes; the discount is rounded down to the fen. */
  percent_off: integer('优惠比例须为 1 到 100 之间的整数', 1, 100).optional(),
  /** Total uses; 0 = unlimited. */
  use_times: integer('总次数须为 0 到 1000000 之间的整数', 0, 1_000_000).optional(),
  /** Uses per member; 0 = unlimited. */
  per_user_limit: integer('每人限用次数须为 0 到 1000 之间的整数', 0, 1000).optional(),
  /** ISO; empty or null = from now / never expires. */
  starts_at: optionalTime('开始时间格式错误'),
  expired_at: optionalTime('结束时间格式错误'),
  remark: optionalText('备注最多 255 字', 255),
};

type PromoRules = {
  discount_type: string;
  amount?: number;
  percent_off?: number;
  starts_at?: string | null;
  expired_at?: string | null;
};

const checkRules = (rules: PromoRules, ctx: z.RefinementCtx) => {
  if (rules.discount_type === 'amount' && rules.amount === undefined) {
    ctx.addIssue({ code: 'custom', message: '请输入优惠金额', path: ['amount'] });
  }
  if (rules.discount_type === 'percent' && rules.percent_off === undefined) {
    ctx.addIssue({ code: 'custom', message: '请输入优惠比例', path: ['percent_off'] });
  }
  if (rules.starts_at && rules.expired_at && Date.parse(rules.expired_at) <= Date.parse(rules.starts_at)) {
    ctx.addIssue({ code: 'custom', message: '结束时间须晚于开始时间', path: ['expired_at'] });
  }
};

export const adminPromoCodeBody = z
  .object({
    code: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: '请输入优惠码' })
        .min(1, { error: '请输入优惠码', abort: true })
        .regex(PROMO_CODE_PATTERN, '优惠码须为 4-64 位字母、数字、下划线或短横线'),
    ),
    ...promoRuleFields,
  })
  .superRefine(checkRules);
export type AdminPromoCodeBody = z.input<typeof adminPromoCodeBody>;
export type AdminPromoCodeInput = z.output<typeof adminPromoCodeBody>;

export const adminPromoBatchBody = z
  .object({
    prefix: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
      z
        .string({ error: '前缀只能包含字母和数字，最多 16 位' })
        .regex(/^[A-Za-z0-9]{0,16}$/, '前缀只能包含字母和数字，最多 16 位'),
    ),
    count: integer(`生成数量须为 1 到 ${MAX_PROMO_BATCH} 之间的整数`, 1, MAX_PROMO_BATCH),
    ...promoRuleFields,
  })
  .superRefine(checkRules);
export type AdminPromoBatchBody = z.input<typeof adminPromoBatchBody>;
export type AdminPromoBatchInput = z.output<typeof adminPromoBatchBody>;

export const adminPromoListQuery = pageQuery.extend({
  /** Part of the code. */
  keyword: optionalText('参数错误', 64),
  batch: optionalText('参数错误', 32),
  is_enabled: z.preprocess(
    (value) => (value === '' ? undefined : value),
    integer('参数错误', 0, 1).optional(),
  ),
});
export type AdminPromoListQuery = z.input<typeof adminPromoListQuery>;
export type AdminPromoListFilter = z.output<typeof adminPromoListQuery>;

export const adminPromoCode = z.strictObject({
  id: z.number(),
  code: z.string(),
  discount_type: z.enum(['amount', 'percent']),
  /** Yuan off (`amount` codes; the MeEdu `invited_user_reward`). */
  amount: z.number(),
  percent_off: z.number(),
  /** The member who shares it (invite code), or null for the site's codes. */
  user_id: z.number().nullable(),
  invite_user_reward: z.number(),
  use_times: z.number(),
  /** Uses held now by pending or paid orders (a cancelled order gives its use back). */
  used_times: z.number(),
  /** Paid orders that used the code. */
  paid_count: z.number(),
  per_user_limit: z.number(),
  /** ISO or null */
  starts_at: z.string().nullable(),
  /** ISO or null = never */
  expired_at: z.string().nullable(),
  is_enabled: z.number(),
  batch: z.string(),
  remark: z.string(),
  /** ISO */
  created_at: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCode>;

export const adminPromoUse = z.strictObject({
  id: z.number(),
  user_id: z.number(),
  nick_name: z.string(),
  /** Masked: 138****0000. */
  mobile: z.string(),
  order_no: z.string(),
  order_status_text: z.string(),
  charge: z.number(),
  discount: z.number(),
  amount: z.number(),
  /** ISO */
  created_at: z.string(),
  /** ISO, when the order was cancelled and the use given back; else null. */
  released_at: z.string().nullable(),
});
export type AdminPromoUse = z.infer<typeof adminPromoUse>;

export const adminPromoStatusBody = z.object({ is_enabled: integer('状态须为 0 或 1', 0, 1) });

const promoEndpoint = { tag: 'admin', auth: 'admin', permission: 'promo.manage' } as const;

export const adminPromotionsApi = {
  list: defineEndpoint({
    ...promoEndpoint,
    method: 'GET',
    path: '/api/admin/promo-codes',
    summary: 'Promo codes, newest first, with their use counts',
    query: adminPromoListQuery,
    data: listWithTotal(adminPromoCode),
  }),
  create: defineEndpoint({
    ...promoEndpoint,
    method: 'POST',
    path: '/api/admin/promo-codes',
    summary: 'Create one promo code (amount or percentage off, limits, validity window)',
    body: adminPromoCodeBody,
    data: z.strictObject({ id: z.number() }),
  }),
  batch: defineEndpoint({
    ...promoEndpoint,
    method: 'POST',
    path: '/api/admin/promo-codes/batch',
    summary: 'Generate N unique random codes with the same rules in one transaction',
    body: adminPromoBatchBody,
    data: z.strictObject({ batch: z.string(), codes: z.array(z.string()) }),
  }),
  uses: defineEndpoint({
    ...promoEndpoint,
    method: 'GET',
    path: '/api/admin/promo-codes/:id/uses',
    summary: 'Who used a code, on which order, when; newest first',
    params: idParams,
    query: pageQuery,
    data: listWithTotal(adminPromoUse),
  }),
  status: defineEndpoint({
    ...promoEndpoint,
    method: 'PUT',
    path: '/api/admin/promo-codes/:id/status',
    summary: 'Switch a code off (orders no longer take it) or back on',
    params: idParams,
    body: adminPromoStatusBody,
    data: emptyData,
  }),
};
