import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams } from '../shapes';
import { optionalText } from '../validation';
import { ROLE_KEY_PATTERN } from './roles';

export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const MIN_ADMIN_PASSWORD_LENGTH = 8;

const adminPassword = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string({ error: '请输入密码' })
    .min(1, { error: '请输入密码', abort: true })
    .min(MIN_ADMIN_PASSWORD_LENGTH, `密码至少 ${MIN_ADMIN_PASSWORD_LENGTH} 位`)
    .max(128, '密码最多 128 位'),
);

/** A role's key; the server answers 请选择角色 too when no such role exists. */
const adminRoleField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.string({ error: '请选择角色' }).regex(ROLE_KEY_PATTERN, '请选择角色'),
);

export const adminAccountBody = z.object({
  username: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: '请输入账号' })
      .min(1, { error: '请输入账号', abort: true })
      .regex(ADMIN_USERNAME_PATTERN, '账号须为 3-32 位字母、数字、下划线、点或短横线'),
  ),
  display_name: optionalText('姓名最多 32 字', 32),
  password: adminPassword,
  role: adminRoleField,
});
export type AdminAccountBody = z.input<typeof adminAccountBody>;

export const adminAccount = z.strictObject({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  role: z.string(),
  role_name: z.string(),
  is_disabled: z.number(),
  /** ISO or null */
  last_login_at: z.string().nullable(),
  /** ISO */
  created_at: z.string(),
  /** Two-step verification (TOTP) is on. */
  totp_enabled: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

const adminEndpoint = { tag: 'admin', auth: 'admin', permission: 'admin.manage' } as const;

export const adminAdministratorsApi = {
  list: defineEndpoint({
    ...adminEndpoint,
    method: 'GET',
    path: '/api/admin/administrators',
    summary: 'Every administrator, oldest first',
    data: z.array(adminAccount),
  }),
  create: defineEndpoint({
    ...adminEndpoint,
    method: 'POST',
    path: '/api/admin/administrators',
    summary: 'Create an administrator with a role and an initial password',
    body: adminAccountBody,
    data: z.strictObject({ id: z.number() }),
  }),
  role: defineEndpoint({
    ...adminEndpoint,
    method: 'PUT',
    path: '/api/admin/administrators/:id/role',
    summary: 'Give an administrator another role (at least one active 超级管理员 stays)',
    params: idParams,
    body: z.object({ role: adminRoleField }),
    data: emptyData,
  }),
  status: defineEndpoint({
    ...adminEndpoint,
    method: 'PUT',
    path: '/api/admin/administrators/:id/status',
    summary: 'Disable an administrator (their sessions end at once) or enable them again',
    params: idParams,
    body: z.object({
      is_disabled: z.preprocess(
        (value) => (typeof value === 'boolean' ? Number(value) : value),
        z.union([z.literal(0), z.literal(1)], { error: '状态须为 0 或 1' }),
      ),
    }),
    data: emptyData,
  }),
  password: defineEndpoint({
    ...adminEndpoint,
    method: 'PUT',
    path: '/api/admin/administrators/:id/password',
    summary: 'Set a new password; the administrator’s other sessions end and a lock-out is lifted',
    params: idParams,
    body: z.object({ password: adminPassword }),
    data: emptyData,
  }),
};
