import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData } from '../shapes';
import { optionalText, requiredText } from '../validation';
import { isAdminPermission, type AdminPermission } from './permissions';

export const ROLE_KEY_PATTERN = /^[a-z0-9_-]{1,40}$/;

/** A role's key in the path (`super`, `support`, `custom-3f9a12bc`); anything else is 角色不存在. */
export const roleKeyParams = z.object({
  key: z.string({ error: '角色不存在' }).regex(ROLE_KEY_PATTERN, '角色不存在'),
});

const permissionList = z
  .array(z.string({ error: '权限不存在' }), { error: '请至少选择一项权限' })
  .min(1, { error: '请至少选择一项权限', abort: true })
  .max(64, '权限不存在')
  .refine((keys) => keys.every(isAdminPermission), '权限不存在')
  .refine((keys) => keys.includes('console.use'), '角色须包含「登录后台」权限')
  .transform((keys) => [...new Set(keys)] as AdminPermission[]);

export const adminRoleBody = z.object({
  name: requiredText('请输入角色名称（20 字以内）', 20),
  description: optionalText('说明最多 100 字', 100),
  permissions: permissionList,
});
export type AdminRoleBody = z.input<typeof adminRoleBody>;

export const adminRole = z.strictObject({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  /** One of the four roles every site starts with (still editable, but 超级管理员 keeps admin.manage). */
  is_preset: z.boolean(),
  /** Administrators holding the role, disabled ones included (a role in use cannot be deleted). */
  administrators: z.number(),
  /** ISO */
  updated_at: z.string(),
});
export type AdminRole = z.infer<typeof adminRole>;

const roleEndpoint = { tag: 'admin', auth: 'admin', permission: 'admin.manage' } as const;

export const adminRolesApi = {
  list: defineEndpoint({
    ...roleEndpoint,
    method: 'GET',
    path: '/api/admin/roles',
    summary: 'Every role with its permissions and how many administrators hold it',
    data: z.array(adminRole),
  }),
  create: defineEndpoint({
    ...roleEndpoint,
    method: 'POST',
    path: '/api/admin/roles',
    summary: 'Create a role from the permission list',
    body: adminRoleBody,
    data: z.strictObject({ key: z.string() }),
  }),
  update: defineEndpoint({
    ...roleEndpoint,
    method: 'PUT',
    path: '/api/admin/roles/:key',
    summary: 'Rename a role or change its permissions (effective on the next request of every session)',
    params: roleKeyParams,
    body: adminRoleBody,
    data: emptyData,
  }),
  remove: defineEndpoint({
    ...roleEndpoint,
    method: 'DELETE',
    path: '/api/admin/roles/:key',
    summary: 'Delete a role no administrator holds (超级管理员 cannot be deleted)',
    params: roleKeyParams,
    data: emptyData,
  }),
};
