import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { devApi } from '@kezhan/contract/dev';
import { route } from '../../shared/http/route';
import { BusinessError, INVALID_PARAMS_MESSAGE } from '../../shared/http/errors';
import { devApprovePath, type DevOAuthProvider } from '../../providers/oauth/dev-oauth-provider';
import { devPage, escapeHtml } from './dev-page';

const TITLES = { qq: '模拟QQ登录', wechat: '模拟微信授权' } as const;

/**
 * The development provider's "vendor": a consent page where any openid can be typed, and the
 * approve step that returns to our callback with a code. Never registered in production.
 */
export function registerDevOAuthRoutes(app: FastifyInstance, provider: DevOAuthProvider) {
  const title = TITLES[provider.app];
  const pages = devApi.oauth[provider.app];

  route(app, pages.authorize, async (request, reply) => {
    const query = request.query;
    if (!provider.isOwnCallback(query.redirect_uri)) throw new BusinessError(INVALID_PARAMS_MESSAGE);
    const suggested = `dev-${provider.app}-${randomBytes(4).toString('hex')}`;
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const form = `<form method="get" action="${devApprovePath(provider.app)}">
${hidden('redirect_uri', query.redirect_uri)}${hidden('state', query.state)}
<label for="openid">openid（同一个 openid 即同一个${provider.app === 'qq' ? 'QQ' : '微信'}账号）</label>
<input id="openid" name="openid" value="${suggested}" required maxlength="64">
<label for="unionid">unionid（可留空）</label>
<input id="unionid" name="unionid" maxlength="64">
<label for="nickname">昵称</label>
<input id="nickname" name="nickname" value="${provider.app === 'qq' ? 'QQ用户' : '微信用户'}" maxlength="32">
<button type="submit">同意授权</button>
</form>`;
    return reply.type('text/html; charset=utf-8').send(devPage(title, form));
  });

  route(app, pages.approve, async (request, reply) => {
    const query = request.query;
    if (!provider.isOwnCallback(query.redirect_uri)) throw new BusinessError(INVALID_PARAMS_MESSAGE);
    const user = { openid: query.openid, unionid: query.unionid, nickname: query.nickname, avatar: '' };
    return reply.redirect(await provider.approve(user, query.redirect_uri, query.state));
  });
}
