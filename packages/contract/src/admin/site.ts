import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams } from '../shapes';
import { requiredText, yuanAsFen } from '../validation';

export const SETTING_GROUPS = ['站点', '登录', '会员', '播放器', '支付', '协议'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const adminSetting = z.strictObject({
  key: z.string(),
  value: z.string(),
  type: z.enum(['string', 'int', 'bool', 'text']),
  description: z.string(),
  group: z.enum(SETTING_GROUPS),
});
export type AdminSetting = z.infer<typeof adminSetting>;

/** A credential kept in the environment: only whether it is set is ever shown. */
export const adminSecretStatus = z.strictObject({ name: z.string(), label: z.string(), is_set: z.boolean() });

export const adminSettings = z.strictObject({
  settings: z.array(adminSetting),
  secrets: z.array(adminSecretStatus),
});
export type AdminSettings = z.infer<typeof adminSettings>;

export const adminSettingsBody = z.object({
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]), { error: '参数错误' }),
});
export type AdminSettingsBody = z.input<typeof adminSettingsBody>;

const integer = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const adminVipPlan = z.strictObject({
  id: z.number(),
  name: z.string(),
  charge: z.number(),
  expire_days: z.number(),
  weight: z.number(),
  description: z.string(),
  is_show: z.number(),
});
export type AdminVipPlan = z.infer<typeof adminVipPlan>;

export const adminVipPlanBody = z.object({
  name: requiredText('请输入会员名称', 60),
  /** Yuan on the wire (19.9), fen after parsing. */
  charge: yuanAsFen('价格', 1, 100_000_000),
  expire_days: integer('天数须为 1 到 36500 之间的整数', 1, 36_500),
  weight: integer('排序须为 0 到 9999 之间的整数', 0, 9999).optional(),
  description: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string({ error: '描述格式错误' }).max(2000, '描述最多 2000 字'),
  ),
  is_show: z.preprocess(
    (value) => (typeof value === 'boolean' ? Number(value) : value),
    integer('上架状态须为 0 或 1', 0, 1),
  ),
});
export type AdminVipPlanBody = z.input<typeof adminVipPlanBody>;

/** The kinds of block the h5 home page can show. */
export const HOME_BLOCK_SIGNS = [
  'slider',
  'grid-nav',
  'image-group',
  'h5-vod-v1',
  'h5-gzh-v1',
  'blank',
] as const;

export const adminHomeBlock = z.strictObject({
  sign: z.string(),
  config: z.unknown(),
});
export type AdminHomeBlock = z.infer<typeof adminHomeBlock>;

export const adminHomeBlocksBody = z.object({
  blocks: z
    .array(
      z
        .object({
          sign: z.enum(HOME_BLOCK_SIGNS, { error: '不支持的装修模块' }),
          config: z.unknown(),
        })
        .refine(
          // A slider is a list of slides; every other block is configured by an object.
          (block) =>
            block.sign === 'slider'
              ? Array.isArray(block.config)
              : typeof block.config === 'object' && block.config !== null && !Array.isArray(block.config),
          { error: '模块配置格式错误：轮播图须为数组，其它模块须为对象' },
        ),
      { error: '参数错误' },
    )
    .max(50, '首页最多 50 个模块'),
});
export type AdminHomeBlocksBody = z.input<typeof adminHomeBlocksBody>;

export const adminSiteApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/settings',
    tag: 'admin',
    auth: 'admin',
    permission: 'settings.manage',
    summary: 'Every site setting (as config:list), grouped; environment credentials as set / not set',
    data: adminSettings,
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/settings',
    tag: 'admin',
    auth: 'admin',
    permission: 'settings.manage',
    summary: 'Change settings: all checked first, then saved; every node sees them at once',
    body: adminSettingsBody,
    data: emptyData,
  }),
  vipPlans: defineEndpoint({
    method: 'GET',
    path: '/api/admin/vip-plans',
    tag: 'admin',
    auth: 'admin',
    permission: 'vip.manage',
    summary: 'Every VIP plan, on sale or not',
    data: z.array(adminVipPlan),
  }),
  createVipPlan: defineEndpoint({
    method: 'POST',
    path: '/api/admin/vip-plans',
    tag: 'admin',
    auth: 'admin',
    permission: 'vip.manage',
    summary: 'Create a VIP plan',
    body: adminVipPlanBody,
    data: z.strictObject({ id: z.number() }),
  }),
  updateVipPlan: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/vip-plans/:id',
    tag: 'admin',
    auth: 'admin',
    permission: 'vip.manage',
    summary: 'Edit a VIP plan (orders keep the price they were placed at)',
    params: idParams,
    body: adminVipPlanBody,
    data: emptyData,
  }),
  homeBlocks: defineEndpoint({
    method: 'GET',
    path: '/api/admin/home-blocks',
    tag: 'admin',
    auth: 'admin',
    permission: 'home.edit',
    summary: 'The h5 home page blocks, in order',
    data: z.array(adminHomeBlock),
  }),
  saveHomeBlocks: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/home-blocks',
    tag: 'admin',
    auth: 'admin',
    permission: 'home.edit',
    summary: 'Replace the h5 home page blocks at once (one transaction); the h5 sees them on its next load',
    body: adminHomeBlocksBody,
    data: emptyData,
  }),
};
