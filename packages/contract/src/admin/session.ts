import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, listWithTotal } from '../shapes';
import { optionalText, requiredSecret, requiredText } from '../validation';
import { pageQuery } from './paging';

export const adminLoginBody = z.object({
  username: requiredText('请输入账号', 64),
  password: requiredSecret('请输入密码', 128),
});
export type AdminLoginBody = z.input<typeof adminLoginBody>;

export const adminProfile = z.strictObject({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  /** The role's key (`super`, `support`, `custom-…`). */
  role: z.string(),
  role_name: z.string(),
  permissions: z.array(z.string()),
});
export type AdminProfile = z.infer<typeof adminProfile>;

/** A signed-in console: who, and the token to send in `X-CSRF-Token` with every change. */
export const adminSession = z.strictObject({ administrator: adminProfile, csrf_token: z.string() });
export type AdminSession = z.infer<typeof adminSession>;

/** Login answer of an administrator with 2FA on: the password was right, now the code. */
export const adminTotpChallenge = z.strictObject({
  totp_required: z.literal(true),
  /** Single-use, expires after 5 minutes; sent to POST /api/admin/login/totp. */
  ticket: z.string(),
});
export type AdminTotpChallenge = z.infer<typeof adminTotpChallenge>;

const auditDay = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string({ error: '日期格式错误' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式错误')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00+08:00`)), '日期格式错误')
    .optional(),
);

export const auditLogQuery = pageQuery.extend({
  action: optionalText('参数错误', 64),
  administrator: optionalText('参数错误', 64),
  /** `YYYY-MM-DD`, China time, both days included. */
  from: auditDay,
  to: auditDay,
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;
export type AuditLogFilter = z.output<typeof auditLogQuery>;

export const auditLogEntry = z.strictObject({
  id: z.number(),
  administrator_id: z.number().nullable(),
  administrator_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  /** ISO */
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const adminSessionApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    tag: 'admin',
    summary: 'Administrator login',
    description:
      'Sets the HttpOnly session cookie. Five wrong passwords in a row lock the account for 15 minutes; ' +
      'an IP is also limited to 20 attempts a minute. With 2FA on, answers a ticket for the code step instead.',
    body: adminLoginBody,
    data: z.union([adminSession, adminTotpChallenge]),
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/admin/session',
    tag: 'admin',
    auth: 'admin',
    permission: 'console.use',
    summary: 'The signed-in administrator and the CSRF token of the session',
    data: adminSession,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    tag: 'admin',
    auth: 'admin',
    permission: 'console.use',
    summary: 'End this session (revoked on every node)',
    data: emptyData,
  }),
  auditLogs: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit-logs',
    tag: 'admin',
    auth: 'admin',
    permission: 'audit.view',
    summary: 'Audit log, newest first',
    query: auditLogQuery,
    data: listWithTotal(auditLogEntry),
  }),
};
