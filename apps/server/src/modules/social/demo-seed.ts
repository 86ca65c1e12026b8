import type { AppServices } from '../../services';

/**
 * With the development providers the demo can show the QQ / WeChat login for real: the icons
 * lead to this server's 模拟QQ登录 / 模拟微信授权 pages. With real vendors the operator turns
 * them on (`config:set socialites.qq 1`) once the credentials are in place.
 */
export async function seedDemoSocialLogin({ oauth, settings }: AppServices): Promise<void> {
  if (oauth.qq.driver === 'dev') await settings.set('socialites.qq', '1');
  if (oauth.wechat.driver === 'dev') await settings.set('socialites.wechat_oauth', '1');
}
