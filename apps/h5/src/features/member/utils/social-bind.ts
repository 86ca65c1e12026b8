import type { SiteConfig } from '@/shared/api/types';
import { getApiBase } from '@/shared/http/api-base';
import { getHost } from '@/shared/utils/url';

export type BindApp = 'qq' | 'wechat';

export const APP_LABEL: Record<BindApp, string> = { qq: 'QQ', wechat: '微信' };

/**
 * Browser address that starts binding a QQ / WeChat account to the logged-in member
 * (the social login start with `action=bind`). A navigation carries no Authorization header, so it
 * carries a single-use bind ticket instead (never the login token); both return addresses are
 * the profile page.
 */
export function socialBindUrl(app: BindApp, config: SiteConfig, ticket: string, host = getHost()): string {
  const back = `${host}/member/profile`;
  const params = new URLSearchParams({ s_url: back, f_url: back, action: 'bind', ticket });
  const path = app === 'qq' ? '/api/v3/auth/login/socialite/qq' : '/api/v3/auth/login/wechat/oauth';
  const apiHost = (config.url || getApiBase() || host).replace(/\/+$/, '');
  return `${apiHost}${path}?${params.toString()}`;
}
