import type { ServerEnv } from '../../config/env';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { DevOAuthProvider } from './dev-oauth-provider';
import type { OAuthProviders } from './oauth-provider';
import { QqOAuthClient } from './qq-oauth-client';
import { WechatOAuthClient } from './wechat-oauth-client';

export function createOAuthProviders(env: ServerEnv, store: EphemeralStore): OAuthProviders {
  if (env.social.driver === 'dev') {
    return {
      qq: new DevOAuthProvider('qq', env.appUrl, store, env.isProduction),
      wechat: new DevOAuthProvider('wechat', env.appUrl, store, env.isProduction),
    };
  }
  return { qq: new QqOAuthClient(env.social.qq), wechat: new WechatOAuthClient(env.social.wechat) };
}
