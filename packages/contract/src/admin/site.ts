import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData } from '../shapes';

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
};
