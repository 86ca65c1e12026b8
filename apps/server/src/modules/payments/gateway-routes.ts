import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Endpoint } from '@kezhan/contract/endpoint';
import { paymentGatewayApi } from '@kezhan/contract/orders';
import { paymentGatewaysFor } from '../../providers/payment/create-payment-gateways';
import { GatewayError, type NotifyingGateway } from '../../providers/payment/payment-gateway';
import { BusinessError } from '../../shared/http/errors';
import { failure } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { fenToYuanText } from '../../shared/money';
import { receiveWechatRefundNotification } from '../orders/refunds';
import { RATE_LIMITED_MESSAGE } from '../../shared/http/error-handler';
import { paymentPageHeaders } from './page-security';
import {
  applyVerifiedNotification,
  NOTIFY_FAILURES_PER_MINUTE,
  prepareJsapiPayment,
  receiveNotification,
} from './payment-service';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Every HTML page under `/payment/*` is written here, with its security headers; `ownScript` is
 * the one inline script the page may run (see paymentPageHeaders).
 */
export function page(reply: FastifyReply, title: string, body: string, status = 200, ownScript?: string) {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:15px/1.6 -apple-system,'PingFang SC',sans-serif;margin:0;padding:24px 16px;color:#333;background:#f6f6f6}main{background:#fff;border-radius:8px;padding:20px;max-width:420px;margin:0 auto}.tag{display:inline-block;background:#ff9800;color:#fff;border-radius:4px;padding:2px 8px;font-size:13px}.amount{font-size:32px;font-weight:bold;margin:12px 0}button{display:block;width:100%;height:44px;border:0;border-radius:6px;font-size:16px;margin-top:12px}.pay{background:#07c160;color:#fff}.cancel{background:#eee;color:#333}</style></head><body><main>${body}</main>${ownScript ? `<script>${ownScript}</script>` : ''}</body></html>`;
  return reply
    .status(status)
    .headers(paymentPageHeaders(ownScript))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Gateway notifications are a few KB; anything much larger is not one. */
const NOTIFY_BODY_LIMIT = 32 * 1024;

/**
 * Server-to-server notifications of the gateways and the pages of our own payment steps. The
 * notification bodies stay raw text here: signatures are computed over the exact bytes.
 */
export default async function gatewayRoutes(app: FastifyInstance) {
  const services = app.services;
  const gateways = paymentGatewaysFor(services);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const notifyRoute = (endpoint: Endpoint, gateway: NotifyingGateway | undefined) =>
    route(
      app,
      endpoint,
      { config: { rateLimit: false }, bodyLimit: NOTIFY_BODY_LIMIT },
      async (request, reply) => {
        if (!gateway) return reply.status(404).send(failure('接口不存在', 404));
        const answer = await receiveNotification(
          services,
          gateway,
          { headers: request.headers, rawBody: typeof request.body === 'string' ? request.body : '' },
          request.log,
          request.ip,
        );
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  notifyRoute(paymentGatewayApi.alipayNotify, gateways.alipay);
  notifyRoute(paymentGatewayApi.wechatNotify, gateways.wechat);

  route(
    app,
    paymentGatewayApi.wechatRefundNotify,
    { config: { rateLimit: false }, bodyLimit: NOTIFY_BODY_LIMIT },
    async (request, reply) => {
      const wechat = gateways.wechat;
      if (!wechat) return reply.status(404).send(failure('接口不存在', 404));
      // The same budget of failed notifications per IP as payment notifications.
      const failuresKey = `payment:notify-failures:${request.ip}`;
      if (Number(await services.store.get(failuresKey)) >= NOTIFY_FAILURES_PER_MINUTE)
        return reply.status(429).send(failure(RATE_LIMITED_MESSAGE, 429));
      const answer = await receiveWechatRefundNotification(
        services,
        wechat,
        { headers: request.headers, rawBody: typeof request.body === 'string' ? request.body : '' },
        request.log,
      );
      if (answer.status !== 200) await services.store.increment(failuresKey, 60);
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    },
  );

  /** WeChat JSAPI: back from the silent OAuth step with `code`; renders the WeixinJSBridge call. */
  route(app, paymentGatewayApi.wechatJsapi, async (request, reply) => {
    const { code, state } = request.query as { code?: unknown; state?: unknown };
    if (typeof code !== 'string' || typeof state !== 'string' || !code)
      return page(reply, '支付失败', '<p>支付链接已失效，请返回重新支付。</p>', 400);
    let prepared: Awaited<ReturnType<typeof prepareJsapiPayment>>;
    try {
      prepared = await prepareJsapiPayment(services, gateways, state, code);
    } catch (error) {
      if (!(error instanceof GatewayError || error instanceof BusinessError)) throw error;
      request.log.error({ err: error }, 'WeChat JSAPI payment could not start');
      return page(
        reply,
        '支付失败',
        `<p>${escapeHtml(error instanceof BusinessError ? error.message : '微信支付暂时不可用，请稍后再试')}</p>`,
        502,
      );
    }
    if (!prepared) return page(reply, '支付失败', '<p>支付链接已失效，请返回重新支付。</p>', 400);
    const script = `var p=${JSON.stringify(prepared.params).replace(/</g, '\\u003c')};var ok=${JSON.stringify(prepared.returnUrl).replace(/</g, '\\u003c')};var no=${JSON.stringify(prepared.quitUrl).replace(/</g, '\\u003c')};function pay(){WeixinJSBridge.invoke('getBrandWCPayRequest',p,function(r){location.replace(r.err_msg==='get_brand_wcpay_request:ok'?ok:no)})}if(typeof WeixinJSBridge==='undefined'){document.addEventListener('WeixinJSBridgeReady',pay,false)}else{pay()}`;
    return page(reply, '微信支付', '<p>正在打开微信支付…</p>', 200, script);
  });

  /** 模拟支付: the sandbox cashier (never in production). */
  route(app, paymentGatewayApi.sandboxPage, async (request, reply) => {
    const sandbox = gateways.sandbox;
    if (!sandbox) return reply.status(404).send(failure('接口不存在', 404));
    const id = request.params.session;
    const session = await sandbox.peek(id);
    if (!session) return page(reply, '模拟支付', '<p>支付会话已失效或已完成。</p>', 410);
    return page(
      reply,
      '模拟支付',
      `<span class="tag">模拟支付 · 测试环境，不会真实扣款</span>
<h1 style="font-size:18px">${escapeHtml(session.subject)}</h1>
<p>订单号：${escapeHtml(session.outTradeNo)}</p>
<div class="amount">￥${fenToYuanText(session.amountCents)}</div>
<form method="post" action="/payment/sandbox/${escapeHtml(id)}"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">支付成功</button></form>
<form method="post" action="/payment/sandbox/${escapeHtml(id)}"><input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">取消</button></form>`,
    );
  });

  route(app, paymentGatewayApi.sandboxFinish, async (request, reply) => {
    const sandbox = gateways.sandbox;
    if (!sandbox) return reply.status(404).send(failure('接口不存在', 404));
    const id = request.params.session;
    const action = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('action');
    if (action !== 'pay' && action !== 'cancel') return page(reply, '模拟支付', '<p>参数错误</p>', 400);
    const finished = await sandbox.finish(id, action);
    if (!finished) return page(reply, '模拟支付', '<p>支付会话已失效或已完成。</p>', 410);
    const accepted = await applyVerifiedNotification(
      services,
      sandbox.source,
      finished.notification,
      JSON.stringify({ session: id, action }),
      request.log,
    );
    if (action === 'pay' && !accepted)
      return page(reply, '模拟支付', '<p>支付未完成：订单状态或金额不符。</p>', 409);
    return reply.redirect(action === 'pay' ? finished.session.returnUrl : finished.session.quitUrl, 303);
  });
}
