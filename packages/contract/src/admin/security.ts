import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams } from '../shapes';
import { adminSession } from './session';

export const TOTP_CODE_MESSAGE = '请输入动态验证码';
export const LOGIN_TICKET_EXPIRED_MESSAGE = '登录已过期，请重新登录';

/** A 6-digit code of an authenticator app (spaces tolerated, as apps show `123 456`). */
const totpCode = z.preprocess(
  (value) => (typeof value === 'number' ? String(value).padStart(6, '0') : value),
  z
    .string({ error: TOTP_CODE_MESSAGE })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE)),
);

export const totpCodeBody = z.object({ code: totpCode });

export const adminLoginTotpBody = z.object({
  ticket: z
    .string({ error: LOGIN_TICKET_EXPIRED_MESSAGE })
    .regex(/^[A-Za-z0-9]{32}$/, LOGIN_TICKET_EXPIRED_MESSAGE),
  code: totpCode,
});

export const adminSecurityStatus = z.strictObject({
  totp_enabled: z.boolean(),
  /** ISO or null */
  totp_enabled_at: z.string().nullable(),
});
export type AdminSecurityStatus = z.infer<typeof adminSecurityStatus>;

/** The one time the secret is shown: to be scanned (QR) or typed into the authenticator app. */
export const totpEnrolment = z.strictObject({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const adminSessionEntry = z.strictObject({
  id: z.string(),
  /** ISO */
  created_at: z.string(),
  /** ISO */
  last_seen_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AdminSessionEntry = z.infer<typeof adminSessionEntry>;

const sessionIdParam = z.string().regex(/^[0-9a-f]{64}$/, '会话不存在');

const self = { tag: 'admin', auth: 'admin', permission: 'console.use' } as const;
const manage = { tag: 'admin', auth: 'admin', permission: 'admin.manage' } as const;

export const adminSecurityApi = {
  loginTotp: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login/totp',
    tag: 'admin',
    summary: 'Second login step: the ticket of the password step and a current TOTP code',
    description:
      'Wrong codes count toward the lock-out of the password step; a code is accepted once (its time step).',
    body: adminLoginTotpBody,
    data: adminSession,
  }),
  status: defineEndpoint({
    ...self,
    method: 'GET',
    path: '/api/admin/security',
    summary: 'Whether two-step verification is on for the signed-in administrator',
    data: adminSecurityStatus,
  }),
  totpSetup: defineEndpoint({
    ...self,
    method: 'POST',
    path: '/api/admin/security/totp/setup',
    summary: 'Start enrolment: a new secret (kept 10 minutes until confirmed), its otpauth URI and QR',
    data: totpEnrolment,
  }),
  totpEnable: defineEndpoint({
    ...self,
    method: 'POST',
    path: '/api/admin/security/totp/enable',
    summary: 'Confirm enrolment with a current code; 2FA is on from the next login',
    body: totpCodeBody,
    data: emptyData,
  }),
  totpDisable: defineEndpoint({
    ...self,
    method: 'POST',
    path: '/api/admin/security/totp/disable',
    summary: 'Turn 2FA off (needs a current code)',
    body: totpCodeBody,
    data: emptyData,
  }),
  sessions: defineEndpoint({
    ...self,
    method: 'GET',
    path: '/api/admin/security/sessions',
    summary: 'The live sessions of the signed-in administrator, newest first',
    data: z.array(adminSessionEntry),
  }),
  revokeSession: defineEndpoint({
    ...self,
    method: 'DELETE',
    path: '/api/admin/security/sessions/:session',
    summary: 'End one of my sessions',
    params: z.object({ session: sessionIdParam }),
    data: emptyData,
  }),
  revokeOtherSessions: defineEndpoint({
    ...self,
    method: 'POST',
    path: '/api/admin/security/sessions/revoke-others',
    summary: 'End every session of mine but this one',
    data: z.strictObject({ revoked: z.number() }),
  }),
  administratorSessions: defineEndpoint({
    ...manage,
    method: 'GET',
    path: '/api/admin/administrators/:id/sessions',
    summary: 'The live sessions of an administrator',
    params: idParams,
    data: z.array(adminSessionEntry),
  }),
  revokeAdministratorSession: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: '/api/admin/administrators/:id/sessions/:session',
    summary: 'End one session of an administrator',
    params: z.object({ id: idParams.shape.id, session: sessionIdParam }),
    data: emptyData,
  }),
  revokeAdministratorSessions: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: '/api/admin/administrators/:id/sessions',
    summary: 'End every session of an administrator',
    params: idParams,
    data: z.strictObject({ revoked: z.number() }),
  }),
  resetTotp: defineEndpoint({
    ...manage,
    method: 'POST',
    path: '/api/admin/administrators/:id/totp/reset',
    summary: 'Turn off the 2FA of an administrator who lost their authenticator',
    params: idParams,
    data: emptyData,
  }),
};
