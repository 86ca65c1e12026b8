import type { SocialEnv } from '../../config/env';
import {
  OAuthError,
  textField,
  VendorOAuthClient,
  type OAuthProvider,
  type SocialUser,
} from './oauth-provider';

/**
 * WeChat official-account web authorization (网页授权, scope `snsapi_userinfo`):
 * `open.weixin.qq.com/connect/oauth2/authorize` → `/sns/oauth2/access_token` (openid, unionid)
 * → `/sns/userinfo` (nickname, avatar).
 */
export class WechatOAuthClient extends VendorOAuthClient<SocialEnv['wechat']> implements OAuthProvider {
  readonly app = 'wechat';

  get configured(): boolean {
    return Boolean(this.config.appId && this.config.appSecret);
  }

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
    const query = new URLSearchParams({
      appid: this.config.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state,
    });
    return `${this.config.authorizeUrl}?${query}#wechat_redirect`;
  }

  async fetchUser({ code }: { code: string; redirectUri: string }): Promise<SocialUser> {
    const token = await this.getJson('/sns/oauth2/access_token', {
      appid: this.config.appId,
      secret: this.config.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const accessToken = textField(token.access_token);
    const openid = textField(token.openid);
    if (!accessToken || !openid)
      throw new OAuthError(`WeChat token refused: ${textField(token.errcode)} ${textField(token.errmsg)}`);
    // Snapshot-page visitors (朋友圈快照页) get a virtual openid that must not become an account.
    if (textField(token.is_snapshotuser) === '1')
      throw new OAuthError('WeChat snapshot-page user', '请在微信客户端中打开页面后再授权');

    const profile = await this.getJson('/sns/userinfo', {
      access_token: accessToken,
      openid,
      lang: 'zh_CN',
    }).catch(() => ({}) as Record<string, unknown>);
    const profileOk = textField(profile.openid) === openid;
    return {
      openid,
      unionid: textField(token.unionid) || (profileOk ? textField(profile.unionid) : ''),
      nickname: profileOk ? textField(profile.nickname) : '',
      avatar: profileOk ? textField(profile.headimgurl) : '',
    };
  }
}
