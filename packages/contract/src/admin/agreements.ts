import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listWithTotal } from '../shapes';
import { optionalText } from '../validation';
import { pageQuery } from './paging';

/** The four agreements, their versions and who accepted which version, in the console. */

export const AGREEMENT_TYPES = [
  'user_agreement',
  'privacy_policy',
  'vip_service_agreement',
  'paid_content_purchase_agreement',
] as const;
export type AgreementKind = (typeof AGREEMENT_TYPES)[number];
export const AGREEMENT_TITLES: Record<AgreementKind, string> = {
  user_agreement: '用户协议',
  privacy_policy: '隐私协议',
  vip_service_agreement: '会员服务协议',
  paid_content_purchase_agreement: '付费内容购买协议',
};
export const AGREEMENT_MESSAGES = {
  unchanged: '内容与当前版本相同，无需发布',
  empty: '请输入协议内容',
  tooLong: '协议内容最多 200000 字',
} as const;

const agreementType = z.enum(AGREEMENT_TYPES, { error: '协议类型错误' });
export const agreementTypeParams = z.object({ type: agreementType });

export const adminAgreementVersion = z.strictObject({
  id: z.number(),
  /** 1, 2, 3… within its agreement. */
  number: z.number(),
  /** The fingerprint consent records name. */
  version: z.string(),
  content: z.string(),
  /** Members who accepted an earlier version are asked to accept this one. */
  requires_consent: z.boolean(),
  note: z.string(),
  administrator_name: z.string(),
  /** ISO */
  published_at: z.string(),
  /** Members who accepted this version. */
  consents: z.number(),
});
export type AdminAgreementVersion = z.infer<typeof adminAgreementVersion>;

export const adminAgreement = z.strictObject({
  type: agreementType,
  title: z.string(),
  /** The text the site shows now. */
  content: z.string(),
  /** The version of that text, or null when it was never published here (changed in 站点设置). */
  current: adminAgreementVersion.nullable(),
  versions: z.number(),
});
export type AdminAgreement = z.infer<typeof adminAgreement>;

export const adminPublishAgreementBody = z.object({
  content: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: AGREEMENT_MESSAGES.empty })
      .min(1, AGREEMENT_MESSAGES.empty)
      .max(200_000, AGREEMENT_MESSAGES.tooLong),
  ),
  requires_consent: z.preprocess(
    (value) => (value === 1 || value === '1' ? true : value === 0 || value === '0' ? false : value),
    z.boolean({ error: '请选择是否需要学员重新同意' }),
  ),
  note: optionalText('更新说明最多 255 字', 255),
});
export type AdminPublishAgreementBody = z.input<typeof adminPublishAgreementBody>;

export const adminConsentQuery = pageQuery.extend({
  type: z.preprocess((value) => (value === '' ? undefined : value), agreementType.optional()),
  version: optionalText('参数错误', 64),
  user_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: '参数错误' }).int('参数错误').positive('参数错误').optional(),
  ),
});
export type AdminConsentQuery = z.input<typeof adminConsentQuery>;
export type AdminConsentFilter = z.output<typeof adminConsentQuery>;

export const adminConsent = z.strictObject({
  id: z.number(),
  user_id: z.number(),
  nick_name: z.string(),
  /** Masked: 138****0000. */
  mobile: z.string(),
  type: z.string(),
  version: z.string(),
  /** The version's number, or null for a text never published here. */
  number: z.number().nullable(),
  /** ISO */
  agreed_at: z.string(),
  ip: z.string(),
  platform: z.string(),
});
export type AdminConsent = z.infer<typeof adminConsent>;

const agreementEndpoint = { tag: 'admin', auth: 'admin', permission: 'settings.manage' } as const;

export const adminAgreementsApi = {
  list: defineEndpoint({
    ...agreementEndpoint,
    method: 'GET',
    path: '/api/admin/agreements',
    summary: 'The four agreements: the text in force and its version',
    data: z.array(adminAgreement),
  }),
  versions: defineEndpoint({
    ...agreementEndpoint,
    method: 'GET',
    path: '/api/admin/agreements/:type/versions',
    summary: 'Every published version of an agreement, newest first, with how many members accepted each',
    params: agreementTypeParams,
    data: z.array(adminAgreementVersion),
  }),
  publish: defineEndpoint({
    ...agreementEndpoint,
    method: 'POST',
    path: '/api/admin/agreements/:type/versions',
    summary:
      'Publish a new version (sanitised HTML); members are asked to accept it again only when requires_consent',
    params: agreementTypeParams,
    body: adminPublishAgreementBody,
    data: z.strictObject({ id: z.number(), number: z.number() }),
  }),
  consents: defineEndpoint({
    ...agreementEndpoint,
    method: 'GET',
    path: '/api/admin/agreement-consents',
    summary: 'Consent records, newest first, by agreement, version and member',
    query: adminConsentQuery,
    data: listWithTotal(adminConsent),
  }),
};
