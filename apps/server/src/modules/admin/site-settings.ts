import type { AdminSetting, AdminSettings, SettingGroup } from '@kezhan/contract/admin/site';
import type { ServerEnv } from '../../config/env';
import {
  isSettingKey,
  normaliseSettingValue,
  SETTING_DEFINITIONS,
  type SettingKey,
} from '../../shared/settings/definitions';
import type { SettingsService } from '../../shared/settings/settings-service';
import { BusinessError } from '../../shared/http/errors';

const GROUP_BY_PREFIX: [RegExp, SettingGroup][] = [
  [/^(protocol\.|aboutus$)/, '协议'],
  [/^player\./, '播放器'],
  [/^(member\.|credit1_reward\.)/, '会员'],
  [/^(socialites\.|login\.)/, '登录'],
  [/^payment\./, '支付'],
];

export const settingGroup = (key: string): SettingGroup =>
  GROUP_BY_PREFIX.find(([pattern]) => pattern.test(key))?.[1] ?? '站点';

/** Credentials stay in the environment; the console only says whether each is there. */
function secretStatus(env: ServerEnv): AdminSettings['secrets'] {
  const secrets: [string, string, string][] = [
    ['ALIPAY_PRIVATE_KEY', '支付宝应用私钥', env.payment.alipay.privateKey],
    ['WECHAT_PAY_PRIVATE_KEY', '微信支付商户私钥', env.payment.wechat.privateKey],
    ['WECHAT_PAY_API_V3_KEY', '微信支付 APIv3 密钥', env.payment.wechat.apiV3Key],
    ['ALIYUN_SMS_ACCESS_KEY_SECRET', '阿里云短信 AccessKey Secret', env.sms.aliyun.accessKeySecret],
    ['QQ_CLIENT_SECRET', 'QQ 登录 App Key', env.social.qq.clientSecret],
    ['WECHAT_MP_APP_SECRET', '微信公众号 AppSecret', env.social.wechat.appSecret],
    ['WECHAT_MP_SERVER_TOKEN', '微信公众号服务器令牌（扫码登录）', env.social.wechat.serverToken],
    ['TENCENT_SECRET_KEY', '腾讯云 SecretKey（实名认证）', env.faceId.secretKey],
    ['S3_SECRET_ACCESS_KEY', '对象存储 Secret Access Key', env.storage.s3.secretAccessKey],
  ];
  return secrets.map(([name, label, value]) => ({ name, label, is_set: value !== '' }));
}

export async function readSettings(settings: SettingsService, env: ServerEnv): Promise<AdminSettings> {
  const list: AdminSetting[] = (await settings.list()).map((item) => ({
    key: item.key,
    value: item.value,
    type: item.type as AdminSetting['type'],
    description: item.description,
    group: settingGroup(item.key),
  }));
  return { settings: list, secrets: secretStatus(env) };
}

const TYPE_MESSAGES = { int: '须为整数', bool: '须为是或否', string: '过长', text: '过长' } as const;

/**
 * Checks every value first (an unknown key or a bad value changes nothing), then saves those that
 * differ. Returns the before/after of what changed, for the audit log.
 */
export async function saveSettings(
  settings: SettingsService,
  values: Record<string, string | number | boolean>,
) {
  const normalised: [SettingKey, string][] = [];
  for (const [key, raw] of Object.entries(values)) {
    if (!isSettingKey(key)) throw new BusinessError(`未知的设置项：${key}`);
    const result = normaliseSettingValue(key, String(raw));
    if ('error' in result) {
      const { type, description } = SETTING_DEFINITIONS[key];
      throw new BusinessError(`${description}（${key}）${TYPE_MESSAGES[type]}`);
    }
    normalised.push([key, result.value]);
  }
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const [key, value] of normalised) {
    const current = await settings.get(key);
    if (current === value) continue;
    await settings.set(key, value);
    before[key] = current;
    after[key] = value;
  }
  return { before, after };
}
