/**
 * Wire shapes the shell needs. They mirror the envelope, the configuration and the member detail; when
 * `@kezhan/contract` publishes the same shapes these aliases should point there.
 */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface SiteConfig {
  aboutus: string;
  credit1_reward: {
    paid_order: string | number;
    register: number;
    watched_video: number;
    watched_vod_course: number;
  };
  enabled_addons: string[] | Record<string, unknown>;
  h5_url: string;
  pc_url: string;
  url: string;
  icp: string;
  icp_link: string;
  icp2: string;
  icp2_link: string;
  links: unknown[];
  logo: { logo: string; white_logo: string };
  member: { enabled_face_verify: boolean; enabled_mobile_bind_alert: number };
  name: string;
  webname: string;
  navs: unknown[];
  sliders: unknown[];
  player: {
    cover: string;
    enabled_bullet_secret: string | number;
    bullet_secret: { color: string; opacity: string | number; size: string | number; text: string };
  };
  socialites: { qq: number; wechat_oauth: number; wechat_scan: number };
  user_protocol: string;
  user_private_protocol: string;
  vip_protocol?: string;
  /** 付费内容购买协议 page, accepted before paying for a course (absent on older servers). */
  paid_content_purchase_protocol?: string;
}

export interface MemberDetail {
  id: number;
  avatar: string;
  nick_name: string;
  mobile: string;
  is_bind_mobile: number;
  is_face_verify: boolean;
  is_password_set?: number;
  is_set_nickname?: number;
  role: { id: number; name: string } | null;
  role_expired_at?: string | null;
  profile_real_name?: string;
  profile_id_number?: string;
  [key: string]: unknown;
}

export interface TokenResult {
  token: string;
}
