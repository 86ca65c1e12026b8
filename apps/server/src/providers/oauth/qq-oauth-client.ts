import type { SocialEnv } from '../../config/env';
import {
  OAuthError,
  textField,
  VendorOAuthClient,
  type OAuthProvider,
  type SocialUser,
} from './oauth-provider';

/**
 * QQ Connect (graph.qq.com) OAuth 2.0: authorize → `/oauth2.0/token` (code → access_token) →
 * `/oauth2.0/me?unionid=1` (openid, unionid) → `/user/get_user_info` (nickname, avatar).
 */
export class QqOAuthClient extends VendorOAuthClient<SocialEnv['qq']> implements OAuthProvider {
  readonly app = 'qq';

  get configured(): boolean {
    return Boolean(this.config.clientId && this.config.clientSecret);
  }

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: redirectUri,
      state,
      scope: 'get_user_info',
    });
    return `${this.config.apiBase}/oauth2.0/authorize?${query}`;
  }

  async fetchUser({ code, redirectUri }: { code: string; redirectUri: string }): Promise<SocialUser> {
    const token = await this.getJson('/oauth2.0/token', {
      grant_type: 'authorization_code',
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
      code,
      redirect_uri: redirectUri,
      fmt: 'json',
    });
    const accessToken = textField(token.access_token);
    if (!accessToken) throw new OAuthError(`QQ token refused: ${describeError(token)}`);

    const me = await this.getJson('/oauth2.0/me', {
      access_token: accessToken,
      unionid: '1',
      fmt: 'json',
    });
    const openid = textField(me.openid);
    if (!openid) throw new OAuthError(`QQ openid refused: ${describeError(me)}`);
    // A token issued to another application must not log anyone in here.
    if (textField(me.client_id) !== this.config.clientId)
      throw new OAuthError(`QQ token belongs to client ${textField(me.client_id)}`);

    const profile = await this.getJson('/user/get_user_info', {
      access_token: accessToken,
      oauth_consumer_key: this.config.clientId,
      openid,
    }).catch(() => ({}) as Record<string, unknown>);
    const profileOk = textField(profile.ret) === '0';
    return {
      openid,
      unionid: textField(me.unionid),
      nickname: profileOk ? textField(profile.nickname) : '',
      avatar: profileOk ? textField(profile.figureurl_qq_2) || textField(profile.figureurl_qq_1) : '',
    };
  }
}

const describeError = (answer: Record<string, unknown>) =>
  `${textField(answer.error ?? answer.code)} ${textField(answer.error_description ?? answer.msg)}`.trim();
