import { DEFAULT_AVATAR } from '@kezhan/contract/images';

/**
 * Every site setting: its type, default and meaning. Values live in the `app_config` table as
 * text; this list decides how each is parsed, checked (`config:set`) and typed on the wire.
 */
export type SettingType = 'string' | 'int' | 'bool' | 'text';

export interface SettingDefinition {
  type: SettingType;
  default: string;
  description: string;
}

const setting = (type: SettingType, value: string, description: string): SettingDefinition => ({
  type,
  default: value,
  description,
});

export const SETTING_DEFINITIONS = {
  name: setting('string', '课栈', '网站名称'),
  logo: setting('string', '/images/logo.png', 'Logo 路径或地址'),
  pc_url: setting('string', '', 'PC 站地址；非空时非移动设备跳转到这里'),
  h5_url: setting('string', '', 'H5 站地址'),
  icp: setting('string', '', 'ICP 备案号'),
  icp_link: setting('string', 'https://beian.miit.gov.cn', 'ICP 备案链接'),
  icp2: setting('string', '', '公安备案号'),
  icp2_link: setting('string', '', '公安备案链接'),
  'protocol.user': setting('text', '<p>欢迎使用课栈。请在后台配置用户协议。</p>', '用户协议 HTML'),
  'protocol.private': setting('text', '<p>我们重视您的隐私。请在后台配置隐私协议。</p>', '隐私协议 HTML'),
  'protocol.vip': setting('text', '<p>开通会员即表示同意会员服务协议。</p>', '会员服务协议 HTML'),
  'protocol.paid_content': setting(
    'text',
    '<p>购买付费内容即表示同意付费内容购买协议。</p>',
    '付费内容购买协议 HTML (accepted before buying a course)',
  ),
  'wechat_mp.share.enabled': setting(
    'int',
    '0',
    '1 = 微信内分享卡片 (JS-SDK 签名，需 WECHAT_MP_APP_ID/SECRET)',
  ),
  'wechat_mp.share.title': setting('string', '', '微信分享默认标题'),
  'wechat_mp.share.desc': setting('string', '', '微信分享默认描述'),
  'wechat_mp.share.imgUrl': setting('string', '', '微信分享默认图标地址'),
  'comment.need_approval': setting('int', '0', '1 = 新评论需审核后才显示 (npm run cli -- comment:approve)'),
  course_purchase_notice: setting(
    'text',
    '',
    '课程购买须知 HTML (shown under a course description; empty hides it)',
  ),
  aboutus: setting('text', '<p>课栈：开放的移动学习平台。</p>', '关于我们 HTML'),
  'player.cover': setting('string', '/images/player-thumb.png', '播放器封面'),
  'player.enabled_bullet_secret': setting('int', '0', '1 = 播放器跑马灯水印'),
  'player.bullet_secret.size': setting('int', '14', '水印字号'),
  'player.bullet_secret.color': setting('string', 'red', '水印颜色'),
  'player.bullet_secret.opacity': setting('string', '1', '水印不透明度'),
  'player.bullet_secret.text': setting('string', '${mobile}', '水印文字模板'),
  'member.enabled_mobile_bind_alert': setting('int', '0', '1 = 强制绑定手机号'),
  'member.enabled_face_verify': setting('bool', 'false', 'true = 强制实名认证'),
  'member.default_avatar': setting('string', DEFAULT_AVATAR, '默认头像'),
  'member.is_lock_default': setting('int', '0', '新用户默认锁定'),
  'member.is_active_default': setting('int', '1', '新用户默认激活'),
  'member.register.vip.enabled': setting('int', '0', '1 = 注册赠送会员'),
  'member.register.vip.role_id': setting('int', '0', '注册赠送的会员计划'),
  'member.register.vip.days': setting('int', '0', '注册赠送会员天数'),
  'socialites.qq': setting('int', '0', '1 = QQ 登录'),
  'socialites.wechat_scan': setting('int', '0', '1 = 微信扫码登录 (PC)'),
  'socialites.wechat_oauth': setting('int', '0', '1 = 微信公众号授权登录'),
  'credit1_reward.register': setting('int', '0', '注册奖励积分'),
  'credit1_reward.watched_vod_course': setting('int', '0', '学完课程奖励积分'),
  'credit1_reward.watched_video': setting('int', '0', '看完视频奖励积分'),
  'credit1_reward.paid_order': setting('string', '', '支付订单奖励积分比例'),
  'login.limit.rule': setting('int', '1', '1 = 不限制登录设备；3 = 仅允许最后登录的设备'),
  'payment.alipay.enabled': setting('int', '0', '1 = 支付宝手机网站支付 (需 ALIPAY_* 环境变量)'),
  'payment.wechat-jsapi.enabled': setting('int', '0', '1 = 微信内 JSAPI 支付 (需 WECHAT_PAY_* 环境变量)'),
  'payment.wechat.enabled': setting('int', '0', '1 = 微信扫码支付 (PC, Native; 需 WECHAT_PAY_* 环境变量)'),
  'payment.wechat_h5.enabled': setting('int', '0', '1 = 微信 H5 支付 (需 WECHAT_PAY_* 环境变量)'),
  'payment.handPay.enabled': setting('int', '0', '1 = 手动打款'),
  'payment.handPay.introduction': setting('text', '<p>请联系客服获取收款账户。</p>', '手动打款说明 HTML'),
  'payment.sandbox.enabled': setting('int', '0', '1 = 模拟支付 (仅开发/演示，生产环境不可用)'),
} satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/** Checks and normalises a value for a setting; returns an error text when it does not fit. */
export function normaliseSettingValue(key: SettingKey, raw: string): { value: string } | { error: string } {
  const { type } = SETTING_DEFINITIONS[key];
  const value = type === 'text' ? raw : raw.trim();
  if (type === 'int' && !/^-?\d+$/.test(value)) return { error: `${key} must be an integer` };
  if (type === 'bool') {
    if (['true', '1'].includes(value)) return { value: 'true' };
    if (['false', '0'].includes(value)) return { value: 'false' };
    return { error: `${key} must be true or false` };
  }
  if (type === 'string' && value.length > 2000) return { error: `${key} is too long` };
  return { value };
}
