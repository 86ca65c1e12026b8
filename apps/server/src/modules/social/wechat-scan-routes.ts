import type { FastifyInstance } from 'fastify';
import { wechatScanApi } from '@kezhan/contract/wechat-scan';
import { WechatMpClient } from '../../providers/wechat/mp-client';
import { WechatPushCrypto } from '../../providers/wechat/push-crypto';
import {
  DevScanProvider,
  OfficialAccountScanProvider,
  type WechatScanProvider,
} from '../../providers/wechat/scan-login';
import { ok } from '../../shared/http/envelope';
import { clientOf } from '../../shared/http/client-info';
import { route } from '../../shared/http/route';
import { devPage, escapeHtml } from './dev-page';
import { loginScene, queryScanLogin, recordScan, registerWithScan, startScanLogin } from './wechat-scan';
import { openWechatPush, scanOfPush, wechatPushIsGenuine, type WechatPushConfig } from './wechat-push';

/** WeChat's pushes are small XML documents; anything larger is not one. */
const PUSH_BODY_LIMIT = 16 * 1024;

/** PC login by scanning the official account's QR code, and WeChat's calls to our server address. */
export default async function wechatScanRoutes(app: FastifyInstance) {
  const services = app.services;
  const { env } = services;
  const useDevProvider = env.social.driver === 'dev' && !env.isProduction;
  const provider: WechatScanProvider = useDevProvider
    ? new DevScanProvider(env.appUrl)
    : new OfficialAccountScanProvider(new WechatMpClient(env.social.wechat, services.store));

  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: PUSH_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  route(app, wechatScanApi.start, async () => ok(await startScanLogin(services, provider)));
  route(app, wechatScanApi.query, async (request) =>
    ok(await queryScanLogin(services, request.query.code, clientOf(request))),
  );
  route(app, wechatScanApi.register, async (request) =>
    ok(await registerWithScan(services, request.body, clientOf(request))),
  );

  const { wechat } = env.social;
  const pushes: WechatPushConfig = {
    token: wechat.serverToken,
    appId: wechat.appId,
    crypto: wechat.encodingAesKey ? new WechatPushCrypto(wechat.encodingAesKey) : null,
  };

  route(app, wechatScanApi.serverVerify, { config: { rateLimit: false } }, async (request, reply) => {
    if (!wechatPushIsGenuine(pushes.token, request.query, services.now()))
      return reply.status(403).type('text/plain').send('invalid signature');
    return reply.type('text/plain').send(request.query.echostr ?? '');
  });

  route(app, wechatScanApi.serverEvent, { config: { rateLimit: false } }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const push = await openWechatPush(services.store, pushes, request.query, body, services.now());
    if (!push) return reply.status(403).type('text/plain').send('invalid signature');
    try {
      const scan = scanOfPush(push.xml);
      if (scan) await recordScan(services, scan.scene, scan.openid, { ticket: scan.ticket });
    } catch (error) {
      await push.release();
      throw error;
    }
    return reply.type('text/plain').send('success');
  });

  if (!useDevProvider) return;

  route(app, wechatScanApi.devScanPage, async (request, reply) => {
    const form = `<form method="get" action="${wechatScanApi.devScanConfirm.path}">
<input type="hidden" name="code" value="${escapeHtml(request.query.code)}">
<label for="openid">openid（同一个 openid 即同一个微信账号）</label>
<input id="openid" name="openid" value="dev-wechat-scan" required maxlength="64">
<button type="submit">确认登录</button>
</form>`;
    return reply.type('text/html; charset=utf-8').send(devPage('模拟微信扫码', form));
  });

  route(app, wechatScanApi.devScanConfirm, async (request, reply) => {
    const { code, openid } = request.query;
    const recorded = await recordScan(services, loginScene(code), openid, 'development-page');
    const text = recorded ? '已扫码，请回到电脑上继续' : '二维码已失效，请在电脑上刷新二维码';
    return reply.type('text/html; charset=utf-8').send(devPage('模拟微信扫码', `<p>${text}</p>`));
  });
}
