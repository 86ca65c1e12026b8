import type { SiteConfig } from '@kezhan/contract/config';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';

const absolute = (appUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${appUrl}/${pathOrUrl.replace(/^\/+/, '')}`;

const trimSlash = (url: string) => url.trim().replace(/\/+$/, '');

/** Builds `GET /api/v2/other/config` with the exact JSON types the h5 expects. */
export function buildSiteConfig(settings: SettingsSnapshot, appUrl: string): SiteConfig {
  const name = settings.text('name');
  return {
    webname: name,
    name,
    logo: { logo: absolute(appUrl, settings.text('logo')), white_logo: `${appUrl}/` },
    url: appUrl,
    pc_url: trimSlash(settings.text('pc_url')),
    h5_url: trimSlash(settings.text('h5_url')),
    icp: settings.text('icp'),
    icp_link: settings.text('icp_link'),
    icp2: settings.text('icp2'),
    icp2_link: settings.text('icp2_link'),
    user_protocol: `${appUrl}/user/protocol`,
    user_private_protocol: `${appUrl}/user/private_protocol`,
    vip_protocol: `${appUrl}/user/vip_protocol`,
    paid_content_purchase_protocol: `${appUrl}/user/paid_content_purchase_protocol`,
    aboutus: `${appUrl}/aboutus`,
    course_purchase_notice: settings.text('course_purchase_notice'),
    player: {
      cover: absolute(appUrl, settings.text('player.cover')),
      enabled_bullet_secret: settings.int('player.enabled_bullet_secret'),
      bullet_secret: {
        size: settings.int('player.bullet_secret.size') || 14,
        color: settings.text('player.bullet_secret.color') || 'red',
        opacity: Number(settings.text('player.bullet_secret.opacity')) || 1,
        text: settings.text('player.bullet_secret.text'),
      },
    },
    member: {
      enabled_mobile_bind_alert: settings.int('member.enabled_mobile_bind_alert'),
      enabled_face_verify: settings.bool('member.enabled_face_verify'),
    },
    socialites: {
      qq: settings.int('socialites.qq'),
      wechat_scan: settings.int('socialites.wechat_scan'),
      wechat_oauth: settings.int('socialites.wechat_oauth'),
    },
    credit1_reward: {
      register: settings.int('credit1_reward.register'),
      watched_vod_course: settings.int('credit1_reward.watched_vod_course'),
      watched_video: settings.int('credit1_reward.watched_video'),
      paid_order: settings.text('credit1_reward.paid_order'),
    },
    enabled_addons: [],
    sliders: [],
    navs: [],
    links: [],
  };
}
