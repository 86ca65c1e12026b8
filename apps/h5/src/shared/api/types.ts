import type {
  MemberDetail as WireMemberDetail,
  SiteConfig as WireSiteConfig,
  TokenData,
} from '@kezhan/contract/browser';

export type { Envelope } from '@kezhan/contract/browser';

/**
 * The configuration as the h5 reads it: Kezhan's answer, tolerant of an older MeEdu server that
 * leaves the newer agreements out or sends `enabled_addons` as an object.
 */
export type SiteConfig = Omit<
  WireSiteConfig,
  'vip_protocol' | 'paid_content_purchase_protocol' | 'enabled_addons'
> &
  Partial<Pick<WireSiteConfig, 'vip_protocol' | 'paid_content_purchase_protocol'>> & {
    enabled_addons: WireSiteConfig['enabled_addons'] | Record<string, unknown>;
  };

/** Fields every MeEdu server sends; the rest of Kezhan's member detail may be missing. */
type MemberCore = 'id' | 'avatar' | 'nick_name' | 'mobile' | 'is_bind_mobile' | 'is_face_verify' | 'role';

/** The member detail as the h5 reads it (tolerant of older MeEdu servers). */
export type MemberDetail = Pick<WireMemberDetail, MemberCore> & Partial<Omit<WireMemberDetail, MemberCore>>;

export type TokenResult = TokenData;
