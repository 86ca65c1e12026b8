/** `GET /api/v2/other/config` — api-contract §3.1. Types are exact: the h5 compares with ===. */
export interface SiteConfig {
  webname: string;
  name: string;
  logo: { logo: string; white_logo: string };
  url: string;
  pc_url: string;
  h5_url: string;
  icp: string;
  icp_link: string;
  icp2: string;
  icp2_link: string;
  user_protocol: string;
  user_private_protocol: string;
  vip_protocol: string;
  aboutus: string;
  player: {
    cover: string;
    enabled_bullet_secret: number | string;
    bullet_secret: { size: number | string; color: string; opacity: number | string; text: string };
  };
  member: { enabled_mobile_bind_alert: number; enabled_face_verify: boolean };
  socialites: { qq: number; wechat_scan: number; wechat_oauth: number };
  credit1_reward: {
    register: number;
    watched_vod_course: number;
    watched_video: number;
    paid_order: number | string;
  };
  enabled_addons: string[];
  sliders: unknown[];
  navs: unknown[];
  links: unknown[];
}

/**
 * The query with which the h5 asks for its home page blocks
 * (`GET /api/v2/viewBlock/page/blocks`). The server inlines that answer into the home page, keyed
 * by the same address, so both sides build it from this one value.
 */
export const H5_HOME_BLOCKS = { platform: 'h5', page_name: 'h5-page-index' } as const;
